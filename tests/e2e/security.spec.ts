import { expect, gotoHydrated, test } from './fixtures'

/** The nonce the response's Content-Security-Policy allows scripts with. */
function cspNonce(csp: string | undefined): string {
  const scriptSrc = csp
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '))
  const nonce = scriptSrc?.match(/'nonce-([A-Za-z0-9+/=_-]+)'/)?.[1]
  if (!nonce) throw new Error(`no script nonce in CSP: ${csp}`)
  return nonce
}

test.describe('security headers', () => {
  test('the landing page is served with a nonce CSP, no framing and no sniffing', async ({
    request,
  }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    const headers = response.headers()
    const csp = headers['content-security-policy']
    const nonce = cspNonce(csp)
    expect(nonce.length).toBeGreaterThanOrEqual(16)
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  test('every inline script in the HTML carries the response nonce', async ({ request }) => {
    for (const path of ['/', '/terms', '/support/']) {
      const response = await request.get(path)
      const nonce = cspNonce(response.headers()['content-security-policy'])
      const html = await response.text()
      const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1] ?? '')
      const inline = scripts.filter((attributes) => !/\bsrc=/i.test(attributes))
      expect(inline.length, `inline scripts on ${path}`).toBeGreaterThan(0)
      for (const attributes of scripts) {
        expect(attributes, `a <script> on ${path}`).toContain(`nonce="${nonce}"`)
      }
    }
  })

  test('a fresh nonce per response', async ({ request }) => {
    const first = cspNonce((await request.get('/')).headers()['content-security-policy'])
    const second = cspNonce((await request.get('/')).headers()['content-security-policy'])
    expect(first).not.toBe(second)
  })

  test('the browser runs the page under the CSP without a single violation', async ({ page }) => {
    const violations: string[] = []
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void })
          .reportCspViolation
        report(`${event.violatedDirective} blocked ${event.blockedURI}`)
      })
    })
    const response = await gotoHydrated(page, '/')
    const nonce = cspNonce(response?.headers()['content-security-policy'])
    // The page hydrated, so its scripts ran; every script element holds the nonce.
    const scriptNonces = await page.evaluate(() =>
      [...document.scripts].map((script) => script.nonce),
    )
    expect(scriptNonces.length).toBeGreaterThan(0)
    for (const value of scriptNonces) expect(value).toBe(nonce)
    // zod probes for eval support with `Function('')` inside try/catch; the CSP
    // blocking that probe is the policy working, and zod falls back by itself.
    expect(violations.filter((text) => text !== 'script-src blocked eval')).toEqual([])
  })

  test('the health check answers 200 when the database is up', async ({ request }) => {
    const response = await request.get('/health')
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'up' })
  })
})
