import { readFileSync } from 'node:fs'
import { deflateSync, zipSync } from 'fflate'
import initSqlJs from 'sql.js'
import { describe, expect, it } from 'vitest'
import { errorOf } from '../../../../tests/support/app-errors'
import { KURZ } from './import-models.fixtures'
import { listZip, parseNewpipeDb, readZipEntry } from './newpipe-zip'

const fixture = new Uint8Array(
  readFileSync(new URL('./fixtures/newpipe-export.zip', import.meta.url)),
)

async function database(sql: string): Promise<Uint8Array> {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run(sql)
  const bytes = db.export()
  db.close()
  return bytes
}

/** A file that is no NewPipe database is refused as a damaged one. */
const MALFORMED = { code: 'IMPORT_MALFORMED', params: { format: 'NewPipe (ZIP)' } }

describe('zip reading', () => {
  it('lists the entries of the fixture from its central directory', () => {
    expect(listZip(fixture).map((entry) => entry.name)).toEqual([
      'newpipe.db',
      'newpipe.settings',
      'preferences.json',
    ])
  })

  it('stops inflating at the limit whatever size the zip declares', () => {
    const zip = zipSync({ 'newpipe.db': new Uint8Array(2 * 1024 * 1024) })
    // Lie in the central directory: claim the entry inflates to 10 bytes.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    const central = zip.length - 22 - (46 + 'newpipe.db'.length)
    expect(view.getUint32(central, true)).toBe(0x02014b50)
    view.setUint32(central + 24, 10, true)
    const [entry] = listZip(zip)
    if (!entry) throw new Error('no entry')
    expect(() => readZipEntry(zip, entry, 256 * 1024)).toThrow()
    expect(readZipEntry(zip, entry, 4 * 1024 * 1024)).toHaveLength(2 * 1024 * 1024)
  })

  it('reads stored entries and refuses encrypted, unknown or truncated ones', () => {
    const stored = zipSync({ 'a.txt': new Uint8Array([1, 2, 3]) }, { level: 0 })
    const [entry] = listZip(stored)
    if (!entry) throw new Error('no entry')
    expect([...readZipEntry(stored, entry, 10)]).toEqual([1, 2, 3])
    expect(() => readZipEntry(stored, { ...entry, method: 14 }, 10)).toThrow()
    const encrypted = stored.slice()
    encrypted[stored.length - 22 - (46 + 5) + 8] = 1
    expect(() => listZip(encrypted)).toThrow()
    expect(() => listZip(fixture.subarray(0, 100))).toThrow()
    expect(() => listZip(new Uint8Array(0))).toThrow()
  })

  it('inflates raw deflate the way fflate wrote it', () => {
    const data = new TextEncoder().encode('hello '.repeat(1000))
    const zip = zipSync({ 'x.txt': data })
    const [entry] = listZip(zip)
    if (!entry) throw new Error('no entry')
    expect(entry.compressedSize).toBe(deflateSync(data, { level: 6 }).length)
    expect(readZipEntry(zip, entry, 1 << 20)).toEqual(data)
  })
})

describe('parseNewpipeDb', () => {
  it('refuses a subscriptions view (it could compute forever) as damaged', async () => {
    const db = await database(`
      CREATE VIEW subscriptions AS
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
        SELECT n AS uid, 0 AS service_id, 'x' AS url FROM r WHERE n < 0;`)
    expect(await errorOf(parseNewpipeDb(db))).toMatchObject(MALFORMED)
  })

  it('refuses a database without subscriptions, and bytes that are not SQLite', async () => {
    expect(await errorOf(parseNewpipeDb(await database('CREATE TABLE x (a)')))).toMatchObject(
      MALFORMED,
    )
    expect(
      await errorOf(parseNewpipeDb(new TextEncoder().encode('SQLite format 3\u0000junk'))),
    ).toMatchObject(MALFORMED)
  })

  it('reads an older database without groups, whatever the column types', async () => {
    const db = await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, url, name);
      INSERT INTO subscriptions VALUES (2, '0', 'https://www.youtube.com/channel/${KURZ}', 'K');
      INSERT INTO subscriptions VALUES (1, 0, x'0102', NULL);
      INSERT INTO subscriptions VALUES (3, 2.5, 'https://media.ccc.de/c/38c3', 'CCC');`)
    const model = await parseNewpipeDb(db)
    expect(model.groups).toEqual([])
    expect(model.ungrouped).toEqual([{ kind: 'channel', key: `id:${KURZ}` }])
    expect(model.problems).toEqual([
      { line: 1, code: 'invalid', input: '' },
      { line: 3, code: 'otherService', input: 'https://media.ccc.de/c/38c3' },
    ])
  })
})
