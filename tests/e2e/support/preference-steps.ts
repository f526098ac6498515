/**
 * The display preferences a visitor chose, set as the cookies the server
 * reads, so the next page is rendered in that theme and language from its
 * first byte.
 */
import type { BrowserContext } from '@playwright/test'
import type { Locale } from '../../../src/lib/i18n/locales'
import { PREFERENCE_KEYS, type Theme } from '../../../src/lib/preferences/appearance.schemas'

/** Sets the theme and/or language cookie of `url` (a server's base URL) in `context`. */
export async function setPreferences(
  context: BrowserContext,
  url: string | undefined,
  preferences: { theme?: Theme; language?: Locale },
) {
  if (!url) throw new Error('no base URL to set the preference cookies for')
  const cookies = []
  if (preferences.theme)
    cookies.push({ name: PREFERENCE_KEYS.theme, value: preferences.theme, url })
  if (preferences.language) {
    cookies.push({ name: PREFERENCE_KEYS.language, value: preferences.language, url })
  }
  await context.addCookies(cookies)
}
