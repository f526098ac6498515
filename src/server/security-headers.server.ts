export type CspOptions = {
  nonce: string
  /** Extra origins the page may talk to (e.g. the analytics host when configured). */
  connectOrigins?: string[]
  dev?: boolean
}

/**
 * A strict CSP: scripts only from us or carrying this response's nonce, no
 * framing, no plugins. Development relaxes it for Vite's HMR client.
 */
export function contentSecurityPolicy({ nonce, connectOrigins = [], dev }: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // A nonce disables 'unsafe-inline', which Vite's dev client needs; production gets the nonce.
    'script-src': ["'self'", dev ? "'unsafe-inline'" : `'nonce-${nonce}'`, ...connectOrigins],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Channel avatars and anime posters live on hosts that change (yt3.ggpht.com,
    // yt3.googleusercontent.com, s4.anilist.co…); images cannot run code, so any https host.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectOrigins, ...(dev ? ['ws:', 'wss:'] : [])],
    'frame-src': ['https://www.youtube-nocookie.com'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function securityHeaders(options: CspOptions & { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https
      ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' }
      : {}),
  }
}
