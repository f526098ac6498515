import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, securityHeaders } from './security-headers.server'

/** The CSP as a map from directive to its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe('contentSecurityPolicy', () => {
  it("puts this response's nonce in script-src in production, with no unsafe-inline", () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'abc123==' }))
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123=='"])
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  })

  it('uses a different nonce for every call', () => {
    const first = directives(contentSecurityPolicy({ nonce: 'one' })).get('script-src')
    const second = directives(contentSecurityPolicy({ nonce: 'two' })).get('script-src')
    expect(first).toContain("'nonce-one'")
    expect(second).toContain("'nonce-two'")
    expect(second).not.toContain("'nonce-one'")
  })

  it('forbids framing, plugins and foreign form targets', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'n' }))
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
  })

  it('relaxes scripts and sockets only in development', () => {
    const dev = directives(contentSecurityPolicy({ nonce: 'n', dev: true }))
    expect(dev.get('script-src')).toContain("'unsafe-inline'")
    expect(dev.get('script-src')).not.toContain("'nonce-n'")
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:'])
    const prod = directives(contentSecurityPolicy({ nonce: 'n' }))
    expect(prod.get('connect-src')).toEqual(["'self'"])
  })

  it('loads images from us, inline data, blobs and any https host, but never plain http', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'n' }))
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:'])
    expect(csp.get('img-src')).not.toContain('http:')
    expect(csp.get('img-src')).not.toContain('*')
  })

  it('lets the page reach configured extra origins', () => {
    const csp = directives(
      contentSecurityPolicy({ nonce: 'n', connectOrigins: ['https://eu.i.posthog.com'] }),
    )
    expect(csp.get('connect-src')).toContain('https://eu.i.posthog.com')
    expect(csp.get('script-src')).toContain('https://eu.i.posthog.com')
  })
})

describe('securityHeaders', () => {
  it('sends HSTS only over https', () => {
    const secure = securityHeaders({ nonce: 'n', https: true })
    expect(secure['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/)
    const plain = securityHeaders({ nonce: 'n', https: false })
    expect(plain).not.toHaveProperty('Strict-Transport-Security')
  })

  it('always sends the hardening headers', () => {
    const headers = securityHeaders({ nonce: 'xyz', https: false })
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
    })
    expect(headers['Permissions-Policy']).toContain('camera=()')
    expect(headers['Content-Security-Policy']).toContain("'nonce-xyz'")
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
  })
})
