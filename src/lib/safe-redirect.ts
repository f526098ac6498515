/**
 * Only a same-site relative path may be a post-sign-in destination; anything
 * else (absolute URLs, `//host`, backslash tricks) falls back to the dashboard.
 */
export function safeRedirect(value: unknown, fallback = '/dashboard/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback
  if (value.includes('\\')) return fallback
  try {
    const base = 'http://tubefold.invalid'
    const url = new URL(value, base)
    if (url.origin !== base) return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
