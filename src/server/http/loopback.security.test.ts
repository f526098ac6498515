import { createServerEntry } from '@tanstack/react-start/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLocalDevRequest, isLocalRequest, isLoopbackAddress, listenHost } from './loopback.server'

afterEach(() => {
  vi.unstubAllEnvs()
})

/** isLocalDevRequest inside a real Start request scope, for a request from `ip`. */
async function localFor(ip: string | undefined, headers: Record<string, string> = {}) {
  const request = new Request('http://127.0.0.1:3000/dev/outbox', { headers })
  // What nitro's Node adapter (srvx) hangs on a request: the socket's peer address.
  if (ip) Object.defineProperty(request, 'ip', { value: ip })
  let local: boolean | undefined
  await createServerEntry({
    fetch: async () => {
      local = isLocalDevRequest()
      return new Response(null, { status: 204 })
    },
  }).fetch(request, {})
  return local
}

describe('the development outbox answers only this machine', () => {
  it('knows loopback addresses from the rest', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      'localhost',
    ])
      expect(isLoopbackAddress(address), address).toBe(true)
    for (const address of ['0.0.0.0', '::', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.1', ''])
      expect(isLoopbackAddress(address), address).toBe(false)
    expect(isLoopbackAddress(undefined)).toBe(false)
  })

  it('reads the listen address as nitro does: unset means every interface', () => {
    expect(listenHost({}, false)).toBeUndefined()
    expect(listenHost({ HOST: '0.0.0.0' }, false)).toBe('0.0.0.0')
    expect(listenHost({ NITRO_HOST: '127.0.0.1', HOST: '0.0.0.0' }, false)).toBe('127.0.0.1')
    expect(listenHost({}, true)).toBe('localhost')
  })

  it('refuses a request from another machine', async () => {
    vi.stubEnv('NITRO_HOST', '127.0.0.1')
    expect(await localFor('203.0.113.9')).toBe(false)
    expect(await localFor(undefined)).toBe(false)
    expect(await localFor('127.0.0.1')).toBe(true)
    expect(await localFor('::1')).toBe(true)
  })

  it('believes no forwarded header, TRUST_PROXY or not', async () => {
    vi.stubEnv('NITRO_HOST', '127.0.0.1')
    for (const trustProxy of ['false', 'true']) {
      vi.stubEnv('TRUST_PROXY', trustProxy)
      // A proxy on the same host: the socket is loopback, the visitor is not.
      expect(await localFor('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toBe(false)
      expect(await localFor('127.0.0.1', { forwarded: 'for=127.0.0.1' })).toBe(false)
      expect(await localFor('127.0.0.1', { 'x-real-ip': '127.0.0.1' })).toBe(false)
      // A remote visitor claiming to be local.
      expect(await localFor('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).toBe(false)
    }
  })

  it('refuses even a local request when the server listens beyond loopback', async () => {
    vi.stubEnv('NITRO_HOST', '')
    vi.stubEnv('HOST', '0.0.0.0')
    expect(await localFor('127.0.0.1')).toBe(false)
    expect(
      isLocalRequest({ headers: new Headers(), socketAddress: '127.0.0.1', listenHost: undefined }),
    ).toBe(false)
  })
})
