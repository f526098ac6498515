import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Database, openDatabase } from './client.server'
import { DataDirLockedError } from './data-dir-lock.server'

const root = mkdtempSync(join(tmpdir(), 'tubefold-owner-'))
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

async function count(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from kept`)
  return z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(result).rows[0]?.n ?? -1
}

describe('openDatabase on a PGlite directory', () => {
  it('has one owner: a second open is refused before it reads a file, and close frees it', async () => {
    const dataDir = join(root, 'pglite')
    const first = await openDatabase({ engine: 'pglite', dataDir })
    await first.db.execute(sql`create table kept (n int)`)
    await first.db.execute(sql`insert into kept values (1), (2)`)
    const second = await openDatabase({ engine: 'pglite', dataDir }).catch(
      (error: unknown) => error,
    )
    expect(second).toBeInstanceOf(DataDirLockedError)
    expect(String(second)).toContain(dataDir)
    const lockFile = `${dataDir}.lock`
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid })
    // The owner goes on undisturbed.
    await first.db.execute(sql`insert into kept values (3)`)
    expect(await count(first.db)).toBe(3)

    await first.close()
    expect(existsSync(lockFile)).toBe(false)
    const reopened = await openDatabase({ engine: 'pglite', dataDir })
    try {
      expect(await count(reopened.db)).toBe(3)
    } finally {
      await reopened.close()
    }
    expect(existsSync(lockFile)).toBe(false)
  })
})
