export const LOCALES = ['en', 'pt', 'es'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value)
}

/** Any unknown or missing value falls back to English. */
export function parseLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}

/** BCP 47 tags used for `<html lang>` and `Intl` formatting. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en', pt: 'pt-BR', es: 'es' }

/** Each language names itself in its own script, never translated. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  pt: 'Português',
  es: 'Español',
}

/** Picks the best supported locale from an Accept-Language header. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 }
    })
    // q=0 means "not acceptable" (RFC 9110 §12.4.2).
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { base } of ranked) {
    const match = LOCALES.find((locale) => locale === base)
    if (match) return match
  }
  return DEFAULT_LOCALE
}
