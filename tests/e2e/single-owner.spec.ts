import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { freePort, startAppServer } from './support/app-server'

/*
 * One process owns an embedded database (issue 22): a second server on the
 * same DATA_DIR exits at once naming the holder, one on a taken port exits
 * before it opens any database, and the first keeps every write it acknowledged.
 * No browser (plain Playwright test, not the shared fixtures): the processes
 * and their logs are what is checked.
 */

// A first start migrates and seeds; a warm restart follows. Slow on a loaded machine.
test.describe.configure({ timeout: 360_000 })

const holderPid = (lockFile: string): unknown => JSON.parse(readFileSync(lockFile, 'utf8')).pid

async function demoSession(baseURL: string, cookie: string): Promise<unknown> {
  const response = await fetch(`${baseURL}/api/auth/get-session`, { headers: { cookie } })
  expect(response.status).toBe(200)
  const body: unknown = await response.json()
  return body && typeof body === 'object' && 'user' in body ? body.user : null
}

test('a held data directory or a taken port makes a second server exit; the first keeps its data', async () => {
  const app = await startAppServer({ logLevel: 'info' })
  const emptyDir = mkdtempSync(join(tmpdir(), 'tubefold-second-'))
  try {
    // /health answers once the database is open; the demo seed and the worker come right after.
    await expect
      .poll(() => app.logs.some((line) => line.includes('job worker started')), { timeout: 60_000 })
      .toBe(true)
    // An acknowledged write on the first: signing in stores a session.
    const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseURL },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    expect(await demoSession(app.baseURL, cookie)).toMatchObject({ email: DEMO_ACCOUNT.email })

    // The same DATA_DIR on another port: refused before the database opens.
    const second = app.launchAnother({ port: await freePort() })
    expect(await second.exited(60_000)).toBe(1)
    const lockFile = join(app.dataDir, 'pglite.lock')
    const holder = holderPid(lockFile)
    expect(holder).toEqual(expect.any(Number))
    const refusal = second.logs.find((line) => line.includes(`in use by process ${holder}`))
    expect(refusal, second.logs.join('\n')).toContain(join(app.dataDir, 'pglite'))

    // The first's port, with a database directory of its own: the listen fails and
    // the process ends before it creates (or would share) any database.
    const port = Number(new URL(app.baseURL).port)
    const third = app.launchAnother({ port, dataDir: emptyDir })
    expect(await third.exited(60_000)).toBe(1)
    expect(third.logs.join('\n')).toContain('EADDRINUSE')
    expect(existsSync(join(emptyDir, 'pglite'))).toBe(false)

    // The first never noticed: same lock, same session, still answering.
    expect(holderPid(lockFile)).toBe(holder)
    expect(await demoSession(app.baseURL, cookie)).toMatchObject({ email: DEMO_ACCOUNT.email })

    // And its files hold the write after it closed and opened them again.
    await app.restart()
    expect(existsSync(lockFile)).toBe(true)
    expect(holderPid(lockFile)).not.toBe(holder)
    expect(await demoSession(app.baseURL, cookie)).toMatchObject({ email: DEMO_ACCOUNT.email })
  } finally {
    await app.stop()
    rmSync(emptyDir, { recursive: true, force: true })
  }
})
