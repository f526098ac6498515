import { describe, expect, it } from 'vitest'
import { errorCodeOf } from '~/lib/app-error'
import { messages as en } from '~/lib/i18n/messages/en'
import { BODY_LIMITS, limitRequestBody } from './body-limit.server'

const SESSION = 'theme=dark; better-auth.session_token=abc.def'
const MB = 1024 * 1024

/** A body that never ends, counting how many bytes anyone pulled from it. */
function endlessBody(chunkBytes = 64 * 1024) {
  const pulled = { bytes: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled.bytes += chunkBytes
        controller.enqueue(new Uint8Array(chunkBytes))
      },
    },
    // Nothing is read ahead: a pull happens only when a reader asks.
    { highWaterMark: 0 },
  )
  return { stream, pulled }
}

function post(
  path: string,
  options: { cookie?: string; type?: string; length?: number; body?: ReadableStream<Uint8Array> },
) {
  const headers = new Headers({ 'content-type': options.type ?? 'application/json' })
  if (options.cookie) headers.set('cookie', options.cookie)
  if (options.length !== undefined) headers.set('content-length', String(options.length))
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers,
    body: options.body ?? endlessBody().stream,
    duplex: 'half',
  }
  return new Request(`http://localhost:3000${path}`, init)
}

function status(result: Request | Response): number | 'passed' {
  return result instanceof Response ? result.status : 'passed'
}

describe('the request body limit', () => {
  it('refuses a 300 MB upload by its declared length, without reading a byte', async () => {
    const { stream, pulled } = endlessBody()
    const result = limitRequestBody(
      post('/_serverFn/import', {
        cookie: SESSION,
        type: 'multipart/form-data; boundary=x',
        length: 300 * MB,
        body: stream,
      }),
    )
    expect(result).toBeInstanceOf(Response)
    if (!(result instanceof Response)) return
    expect(result.status).toBe(413)
    expect(result.headers.get('connection')).toBe('close')
    expect(await result.text()).toMatch(/too large.*10551296 bytes/)
    expect(pulled.bytes).toBe(0)
  })

  it('stops a chunked body once it passes the limit, so nothing buffers more', async () => {
    const { stream, pulled } = endlessBody()
    const result = limitRequestBody(post('/_serverFn/rename', { cookie: SESSION, body: stream }))
    expect(result).toBeInstanceOf(Request)
    if (!(result instanceof Request)) return
    const refusal = await result.text().then(
      () => 'read to the end',
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(Response)
    if (!(refusal instanceof Response)) return
    expect(refusal.status).toBe(413)
    // A server-function call is answered with a thrown Response the client rejects with.
    expect(refusal.headers.get('x-tss-raw')).toBe('thrown')
    expect(pulled.bytes).toBeLessThanOrEqual(BODY_LIMITS.call + 2 * 64 * 1024)
  })

  it('gives a request without a session a far smaller limit', () => {
    const size = 100 * 1024
    expect(status(limitRequestBody(post('/api/auth/sign-in/email', { length: size })))).toBe(413)
    expect(status(limitRequestBody(post('/_serverFn/register', { length: size })))).toBe(413)
    expect(status(limitRequestBody(post('/_serverFn/x', { length: size, cookie: SESSION })))).toBe(
      'passed',
    )
    expect(status(limitRequestBody(post('/_serverFn/x', { length: 8 * 1024 })))).toBe('passed')
  })

  it('lets only a multipart server-function upload past 1 MB, up to the import limit', () => {
    const upload = { cookie: SESSION, type: 'multipart/form-data; boundary=x' }
    expect(status(limitRequestBody(post('/_serverFn/x', { ...upload, length: 10 * MB })))).toBe(
      'passed',
    )
    expect(status(limitRequestBody(post('/_serverFn/x', { ...upload, length: 11 * MB })))).toBe(413)
    expect(
      status(limitRequestBody(post('/_serverFn/x', { cookie: SESSION, length: 2 * MB }))),
    ).toBe(413)
    expect(status(limitRequestBody(post('/api/auth/x', { ...upload, length: 2 * MB })))).toBe(413)
  })

  it('keeps the client address the server adapter hung on the request', () => {
    const request = post('/_serverFn/x', { cookie: SESSION })
    Object.defineProperty(request, 'ip', { value: '203.0.113.9' })
    const result = limitRequestBody(request)
    expect(result).not.toBe(request)
    expect(Reflect.get(result, 'ip')).toBe('203.0.113.9')
  })

  it('leaves GET requests alone', () => {
    const request = new Request('http://localhost:3000/_serverFn/x?payload=1')
    expect(limitRequestBody(request)).toBe(request)
  })

  it('reaches the import form as a translated "too large" message', () => {
    const refusal = limitRequestBody(
      post('/_serverFn/x', { cookie: SESSION, length: 300 * MB, type: 'multipart/form-data' }),
    )
    const { code, params } = errorCodeOf(refusal)
    expect(code).toBe('REQUEST_TOO_LARGE')
    expect(params).toEqual({ max: 10 })
    expect(en['errors.requestTooLarge']).toContain('{max} MB')
  })
})
