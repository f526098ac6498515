import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushLog, log, redactPath, setLogLevel } from './logger.server'

describe('redactPath', () => {
  it.each([
    ['/reset-password/3f9a0c1e-token', '/reset-password/:redacted'],
    ['/subscriptions/confirm/abcdef123456', '/subscriptions/confirm/:redacted'],
    ['/forgot-password/success/ana%40example.com', '/forgot-password/success/:redacted'],
    ['/forgot-password/success/ana@example.com', '/forgot-password/success/:redacted'],
    ['/share/group/sh4r3-t0k3n/extra', '/share/group/:redacted'],
    ['/api/auth/reset-password/tok', '/api/auth/reset-password/:redacted'],
  ])('hides the secret in %s', (path, expected) => {
    const redacted = redactPath(path)
    expect(redacted).toBe(expected)
  })

  it('hides whatever follows the verify-email endpoint', () => {
    const redacted = redactPath('/api/auth/verify-email/ana@example.com/tok')
    expect(redacted).not.toContain('ana@example.com')
    expect(redacted).not.toContain('tok')
  })

  it.each(['/', '/support/', '/privacy/', '/reset-password', '/share/'])(
    'leaves the ordinary path %s alone',
    (path) => {
      expect(redactPath(path)).toBe(path)
    },
  )
})

describe('log', () => {
  afterEach(() => {
    setLogLevel('silent')
    vi.restoreAllMocks()
  })

  /** What was written, one entry per line (lines waiting to be written are flushed first). */
  function capture() {
    const outChunks: string[] = []
    const errChunks: string[] = []
    const lines = (chunks: string[]) =>
      chunks
        .join('')
        .split(/(?<=\n)/)
        .filter(Boolean)
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      outChunks.push(String(chunk))
      return true
    })
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      errChunks.push(String(chunk))
      return true
    })
    return {
      get out() {
        flushLog()
        return lines(outChunks)
      },
      get err() {
        return lines(errChunks)
      },
      outChunks,
    }
  }

  it('writes one JSON object per line with time, level, message and fields', () => {
    setLogLevel('debug')
    const written = capture()
    log.info('request', { path: '/support/', status: 200, cached: false, note: null })
    expect(written.out).toHaveLength(1)
    const [line = ''] = written.out
    expect(line.endsWith('\n')).toBe(true)
    expect(line.trimEnd()).not.toContain('\n')
    const parsed: unknown = JSON.parse(line)
    expect(parsed).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      msg: 'request',
      path: '/support/',
      status: 200,
      cached: false,
      note: null,
    })
  })

  it('keeps a message with quotes and newlines on one valid JSON line', () => {
    setLogLevel('debug')
    const written = capture()
    log.debug('line one\n"two"', { error: 'bad\nthing' })
    expect(written.out).toHaveLength(1)
    expect(written.out[0]?.trimEnd()).not.toContain('\n')
    expect(JSON.parse(written.out[0] ?? '')).toMatchObject({
      msg: 'line one\n"two"',
      error: 'bad\nthing',
    })
  })

  it('sends warnings and errors to stderr, the rest to stdout', () => {
    setLogLevel('debug')
    const written = capture()
    log.debug('d')
    log.info('i')
    log.warn('w')
    log.error('e')
    expect(written.out.map((line) => JSON.parse(line).level)).toEqual(['debug', 'info'])
    expect(written.err.map((line) => JSON.parse(line).level)).toEqual(['warn', 'error'])
  })

  it('drops lines below the threshold and everything when silent', () => {
    setLogLevel('warn')
    const written = capture()
    log.info('quiet')
    log.warn('loud')
    expect(written.out).toEqual([])
    expect(written.err).toHaveLength(1)
    setLogLevel('silent')
    log.error('muted')
    expect(written.err).toHaveLength(1)
  })

  it('writes the lines of one turn together, and what waits before a warning', async () => {
    setLogLevel('info')
    const written = capture()
    log.info('a')
    log.info('b')
    expect(written.outChunks).toEqual([])
    await new Promise((done) => setImmediate(done))
    expect(written.outChunks).toHaveLength(1)
    log.info('c')
    log.warn('d')
    expect(written.outChunks).toHaveLength(2)
    expect(written.out.map((line) => JSON.parse(line).msg)).toEqual(['a', 'b', 'c'])
  })
})
