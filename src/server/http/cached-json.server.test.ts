import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { cachedJsonResponse } from './cached-json.server'

const json = {
  body: new TextEncoder().encode(JSON.stringify({ groups: Array(40).fill('a group name') })),
  etag: '"v7"',
}

function request(headers: Record<string, string> = {}) {
  return new Request('http://localhost/_serverFn/x', { headers })
}

describe('cachedJsonResponse', () => {
  it('answers the JSON with its ETag, private and revalidated every time', async () => {
    const response = cachedJsonResponse(request(), json)
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toEqual({
      etag: '"v7"',
      'cache-control': 'private, no-cache',
      vary: 'cookie',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(json.body.byteLength),
    })
    expect(await response.text()).toBe(new TextDecoder().decode(json.body))
  })

  it('answers 304 with no body when the client holds the current copy', async () => {
    const response = cachedJsonResponse(request({ 'if-none-match': '"v7"' }), json)
    expect(response.status).toBe(304)
    expect(response.headers.get('etag')).toBe('"v7"')
    expect(await response.text()).toBe('')
    expect(cachedJsonResponse(request({ 'if-none-match': '"v6"' }), json).status).toBe(200)
  })

  it('compresses a cached body for a server-function call, naming the encoding in the ETag', async () => {
    const headers = { 'x-tsr-serverfn': 'true', 'accept-encoding': 'gzip, br' }
    const response = cachedJsonResponse(request(headers), json, { compress: true })
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('etag')).toBe('"v7-br"')
    expect(response.headers.get('vary')).toBe('cookie, accept-encoding')
    const body = new Uint8Array(await response.arrayBuffer())
    expect(brotliDecompressSync(body)).toEqual(Buffer.from(json.body))
    const revalidated = cachedJsonResponse(
      request({ ...headers, 'if-none-match': '"v7-br"' }),
      json,
      { compress: true },
    )
    expect(revalidated.status).toBe(304)
  })

  it('leaves the body as it is unless asked to compress', () => {
    const headers = { 'x-tsr-serverfn': 'true', 'accept-encoding': 'br' }
    const response = cachedJsonResponse(request(headers), json)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('etag')).toBe('"v7"')
  })
})
