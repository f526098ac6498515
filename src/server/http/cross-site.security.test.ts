import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { crossSiteGuard, startInstance } from '~/start'
import { resetEnvCacheForTests } from '../env.server'

const SITE = 'https://tubefold.example'
let dataDir = ''

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tubefold-cross-site-'))
  vi.stubEnv('APP_ENV', 'test')
  vi.stubEnv('BASE_URL', SITE)
  vi.stubEnv('DATA_DIR', dataDir)
  resetEnvCacheForTests()
})

afterAll(() => {
  vi.unstubAllEnvs()
  resetEnvCacheForTests()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Runs the guard as Start runs request middleware; 200 means it called next. */
async function answer(
  headers: Record<string, string>,
  options: { method?: string; url?: string; handlerType?: 'serverFn' | 'router' } = {},
): Promise<number> {
  const request = new Request(options.url ?? 'http://127.0.0.1:3000/_serverFn/abc', {
    method: options.method ?? 'POST',
    headers,
  })
  // Through Reflect: the middleware's generic context type cannot be written by hand.
  const server: unknown = crossSiteGuard.options.server
  if (typeof server !== 'function') throw new Error('the guard has no server part')
  const result: unknown = await Reflect.apply(server, undefined, [
    {
      request,
      pathname: new URL(request.url).pathname,
      handlerType: options.handlerType ?? 'serverFn',
      context: {},
      next: async () => ({ response: new Response('ok') }),
    },
  ])
  if (result instanceof Response) return result.status
  if (result && typeof result === 'object' && 'response' in result) {
    const { response } = result
    if (response instanceof Response) return response.status
  }
  throw new Error('the guard answered neither a response nor next()')
}

describe('server functions refuse cross-site calls', () => {
  it('refuses a call another site makes, by Sec-Fetch-Site or Origin', async () => {
    expect(await answer({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toBe(
      403,
    )
    expect(
      await answer({ 'sec-fetch-site': 'same-site', origin: 'https://x.tubefold.example' }),
    ).toBe(403)
    expect(await answer({ origin: 'https://evil.example' })).toBe(403)
    expect(await answer({ origin: 'null' })).toBe(403)
    expect(await answer({ referer: 'https://evil.example/page' })).toBe(403)
    expect(await answer({ referer: 'not a url' })).toBe(403)
    expect(await answer({ origin: 'https://evil.example', referer: `${SITE}/` })).toBe(403)
    // GET-method server functions too: no other site has a reason to call them.
    expect(await answer({ 'sec-fetch-site': 'cross-site' }, { method: 'GET' })).toBe(403)
  })

  it('lets our own pages call, at the public address or the one the request came to', async () => {
    expect(await answer({ 'sec-fetch-site': 'same-origin', origin: SITE })).toBe(200)
    expect(await answer({ 'sec-fetch-site': 'none' })).toBe(200)
    expect(await answer({ origin: SITE })).toBe(200)
    expect(await answer({ origin: 'http://127.0.0.1:3000' })).toBe(200)
    expect(await answer({ referer: `${SITE}/dashboard` })).toBe(200)
  })

  it('lets a client without any of those headers through (no browser, no ambient cookies)', async () => {
    expect(await answer({})).toBe(200)
  })

  it('leaves pages and API routes to their own checks', async () => {
    const page = { url: 'http://127.0.0.1:3000/dashboard', handlerType: 'router' as const }
    expect(await answer({ 'sec-fetch-site': 'cross-site' }, { ...page, method: 'GET' })).toBe(200)
  })

  it('runs on every request', async () => {
    const options = await startInstance.getOptions()
    expect(options.requestMiddleware).toContain(crossSiteGuard)
  })
})
