/** BASE_URL (a proxy may serve it under another scheme or host) and the address this request came to. */
export function siteOrigins(request: Request, baseUrl: string): string[] {
  return [new URL(baseUrl).origin, new URL(request.url).origin]
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * By Sec-Fetch-Site ("none" is the user typing), else Origin, else Referer. A call with none
 * is let through: only non-browser clients send that, and they carry no ambient cookies.
 */
export function isCrossSite(request: Request, baseUrl: string): boolean {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite !== null) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  const origin = request.headers.get('origin') ?? originOf(request.headers.get('referer') ?? '')
  if (origin === null) return request.headers.has('referer')
  return !siteOrigins(request, baseUrl).includes(origin)
}

export function crossSiteRefused(): Response {
  return new Response('Cross-site request refused.\n', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
