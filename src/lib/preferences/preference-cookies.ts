import { PREFERENCE_COOKIE_MAX_AGE_SECONDS } from './appearance.schemas'

/** Writes one preference cookie for a year; SameSite=Lax, readable by the page by design. */
export function writePreferenceCookie(name: string, value: string) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
}
