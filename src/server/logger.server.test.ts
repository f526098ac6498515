import { afterEach, describe, expect, it, vi } from 'vitest'
import { log, redactPath, setLogLevel } from './logger.server'

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

  function capture() {
    const out: string[] = []
    const err: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk))
      return true
    })
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      err.push(String(chunk))
      return true
    })
    return { out, err }
  }

  it('writes one JSON object per line with time, level, message and fields', () => {
    setLogLevel('debug')
    const { out } = capture()
    log.info('request', { path: '/support/', status: 200, cached: false, note: null })
    expect(out).toHaveLength(1)
    const [line = ''] = out
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
    const { out } = capture()
    log.debug('line one\n"two"', { error: 'bad\nthing' })
    expect(out).toHaveLength(1)
    expect(out[0]?.trimEnd()).not.toContain('\n')
    expect(JSON.parse(out[0] ?? '')).toMatchObject({ msg: 'line one\n"two"', error: 'bad\nthing' })
  })

  it('sends warnings and errors to stderr, the rest to stdout', () => {
    setLogLevel('debug')
    const { out, err } = capture()
    log.debug('d')
    log.info('i')
    log.warn('w')
    log.error('e')
    expect(out.map((line) => JSON.parse(line).level)).toEqual(['debug', 'info'])
    expect(err.map((line) => JSON.parse(line).level)).toEqual(['warn', 'error'])
  })

  it('drops lines below the threshold and everything when silent', () => {
    setLogLevel('warn')
    const { out, err } = capture()
    log.info('quiet')
    log.warn('loud')
    expect(out).toEqual([])
    expect(err).toHaveLength(1)
    setLogLevel('silent')
    log.error('muted')
    expect(err).toHaveLength(1)
  })
})
