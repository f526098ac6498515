import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, encodeBody, encodedEtag } from './content-encoding.server'

const big = { byteLength: 95_000 }

function call(acceptEncoding: string | null, serverFn = true) {
  const headers = new Headers()
  if (acceptEncoding !== null) headers.set('accept-encoding', acceptEncoding)
  if (serverFn) headers.set('x-tsr-serverFn', 'true')
  return new Request('http://localhost/_serverFn/x', { headers })
}

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *;q=0', null],
    ['identity', null],
    ['', null],
  ])('answers %j with %s', (accept, expected) => {
    expect(chooseEncoding(call(accept), big)).toBe(expected)
  })

  it('leaves out a missing header, small bodies and in-process calls of a page render', () => {
    expect(chooseEncoding(call(null), big)).toBeNull()
    expect(chooseEncoding(call('br'), { byteLength: 200 })).toBeNull()
    expect(chooseEncoding(call('br', false), big)).toBeNull()
  })
})

describe('encodeBody', () => {
  const body = new TextEncoder().encode(JSON.stringify({ groups: Array(2000).fill('Group') }))

  it('compresses once per body and encoding, and decompresses to the same bytes', () => {
    const br = encodeBody(body, 'br')
    const gzip = encodeBody(body, 'gzip')
    expect(br.byteLength).toBeLessThan(body.byteLength / 10)
    expect(new Uint8Array(brotliDecompressSync(br))).toEqual(body)
    expect(new Uint8Array(gunzipSync(gzip))).toEqual(body)
    expect(encodeBody(body, 'br')).toBe(br)
    expect(encodeBody(body, 'gzip')).toBe(gzip)
  })

  it('marks the ETag of each representation', () => {
    expect(encodedEtag('"abc"', 'br')).toBe('"abc-br"')
    expect(encodedEtag('"abc"', 'gzip')).toBe('"abc-gzip"')
    expect(encodedEtag('"abc"', null)).toBe('"abc"')
  })
})
