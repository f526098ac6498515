import { randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { gotoHydrated, test } from './fixtures'
import { type AppServer, expect, signUpConfirmed, startAppServer } from './support/app-server'

/*
 * SIGTERM under load on the production build: four kept-alive clients keep
 * creating groups through the very call the app's form makes. The server must
 * answer every request it had started, close kept-alive connections instead of
 * serving them on, exit 0 within the grace, and every group it acknowledged
 * must be in the database afterwards.
 */

const GRACE_MS = 10_000
/** After the drain, the job worker stops and the database closes: slow on a loaded machine. */
const CLOSE_ALLOWANCE_MS = 10_000
const CLIENTS = 4

type Call = { name: string; sentAt: number; answeredAt?: number; status?: number; error?: string }
type CreateCall = { url: string; headers: Record<string, string>; body: string; probe: string }

test.describe.configure({ timeout: 240_000 })

/** Signs up in the browser and creates one group, recording the server-function call it made. */
async function captureCreateCall(page: import('@playwright/test').Page, app: AppServer) {
  await signUpConfirmed(page, app, 'drain')
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/new/`)
  const probe = `Probe ${Date.now().toString(36)}`
  const sent = page.waitForRequest(
    (candidate) =>
      candidate.url().includes('/_serverFn/') && (candidate.postData() ?? '').includes(probe),
  )
  await page.getByRole('textbox', { name: en['groups.form.name'] }).fill(probe)
  await page.getByRole('button', { name: en['groups.new.submit'] }).click()
  const call = await sent
  await expect(page).toHaveURL(/\/dashboard\/groups\/[0-9a-f-]{36}\/$/)
  const cookies = await page.context().cookies(app.baseURL)
  const headers = Object.fromEntries(
    Object.entries(await call.allHeaders()).filter(
      ([name]) => !name.startsWith(':') && !['content-length', 'connection', 'host'].includes(name),
    ),
  )
  headers.cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  return { url: call.url(), headers, body: call.postData() ?? '', probe } satisfies CreateCall
}

/** One POST on the client's kept-alive connection; resolves with what came back, never rejects. */
function send(create: CreateCall, name: string, agent: Agent): Promise<Call> {
  const call: Call = { name, sentAt: Date.now() }
  // Each call is its own user action: a fresh idempotency key in place of the form's
  // (the only UUID a top-level create sends; seroval keeps keys apart from values).
  const body = create.body
    .replace(create.probe, name)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, () => randomUUID())
  return new Promise((resolve) => {
    const sent = httpRequest(
      create.url,
      {
        method: 'POST',
        agent,
        headers: { ...create.headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ ...call, status: res.statusCode, answeredAt: Date.now() }))
        res.on('error', (error) => resolve({ ...call, error: error.message }))
      },
    )
    sent.on('error', (error) => resolve({ ...call, error: error.message }))
    sent.end(body)
  })
}

test('SIGTERM under load loses no acknowledged write, cuts no started request and exits 0 in the grace', async ({
  page,
}) => {
  const app = await startAppServer({
    env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) },
    logLevel: 'info',
  })
  try {
    const create = await captureCreateCall(page, app)
    await page.close()

    let stopped = false
    const calls: Call[] = []
    const client = async (index: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      for (let n = 0; !stopped; n += 1) {
        const call = await send(create, `Load ${index}-${n}`, agent)
        calls.push(call)
        // Refused: the server no longer listens; nothing more to send.
        if (call.error?.includes('ECONNREFUSED')) break
      }
      agent.destroy()
    }
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index))
    await expect
      .poll(() => calls.filter((call) => call.status === 200).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(20)

    const logsBefore = app.logs.length
    const signalledAt = Date.now()
    const ended = await app.signal('SIGTERM', GRACE_MS + CLOSE_ALLOWANCE_MS)
    stopped = true
    await Promise.all(clients)

    // Every line the server wrote while stopping is JSON (no plain-text traces).
    const stopping = app.logs.slice(logsBefore)
    for (const line of stopping) expect(() => JSON.parse(line), line).not.toThrow()
    const stoppedLine = stopping
      .map((line) => JSON.parse(line) as { msg?: string; cut?: number; drainMs?: number })
      .find((entry) => entry.msg === 'stopped')
    // It ended on its own, with 0: requests drained within the grace, none cut.
    expect(ended, stopping.join('\n')).toMatchObject({ exited: true, code: 0 })
    expect(stoppedLine?.cut).toBe(0)
    expect(stoppedLine?.drainMs).toBeLessThan(GRACE_MS)
    expect(ended.ms).toBeLessThan(GRACE_MS + CLOSE_ALLOWANCE_MS)

    const acknowledged = calls.filter((call) => call.status === 200)
    const startedBefore = calls.filter((call) => call.sentAt < signalledAt)
    // Requests in flight at SIGTERM were answered, not cut.
    const drained = startedBefore.filter((call) => (call.answeredAt ?? 0) >= signalledAt)
    expect(drained.length).toBeGreaterThan(0)
    for (const call of drained) expect(call.status).toBe(200)
    expect(calls.every((call) => call.status === undefined || call.status === 200)).toBe(true)

    await app.stop({ keepData: true })
    const db = await PGlite.create(join(app.dataDir, 'pglite'))
    try {
      const { rows } = await db.query<{ name: string }>(
        `select name from "group" where name like 'Load %'`,
      )
      const stored = new Set(rows.map((row) => row.name))
      // Every acknowledged create is there; a call refused at the socket was never run.
      for (const call of acknowledged) expect(stored.has(call.name), call.name).toBe(true)
      for (const call of calls.filter((each) => each.error)) {
        expect(stored.has(call.name), `${call.name}: ${call.error}`).toBe(false)
      }
    } finally {
      await db.close()
    }
  } finally {
    await app.stop()
  }
})
