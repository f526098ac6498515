import { DEFAULT_LOCALE, isLocale, type Locale } from '~/lib/i18n/locales'

export const ACCENT_COLORS = ['blue', 'green', 'purple', 'red', 'orange'] as const
export const FONT_SIZES = ['small', 'medium', 'large'] as const
export const THEMES = ['light', 'dark', 'system'] as const

export type AccentColor = (typeof ACCENT_COLORS)[number]
export type FontSize = (typeof FONT_SIZES)[number]
export type Theme = (typeof THEMES)[number]

export const FONT_SIZE_PX: Record<FontSize, number> = { small: 14, medium: 16, large: 18 }

export type Appearance = {
  accentColor: AccentColor
  fontSize: FontSize
  compactMode: boolean
  animations: boolean
}

export const DEFAULT_APPEARANCE: Appearance = {
  accentColor: 'blue',
  fontSize: 'medium',
  compactMode: false,
  animations: true,
}

// Hand-written guards instead of zod: on the public site a validation library would outweigh the page's code.
function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback
}

export function parseAppearance(value: unknown): Appearance {
  const record: Record<string, unknown> = value && typeof value === 'object' ? { ...value } : {}
  return {
    accentColor: oneOf(ACCENT_COLORS, record.accentColor, DEFAULT_APPEARANCE.accentColor),
    fontSize: oneOf(FONT_SIZES, record.fontSize, DEFAULT_APPEARANCE.fontSize),
    compactMode: flag(record.compactMode, DEFAULT_APPEARANCE.compactMode),
    animations: flag(record.animations, DEFAULT_APPEARANCE.animations),
  }
}

export function parseTheme(value: unknown): Theme {
  return oneOf(THEMES, value, 'system')
}

/** As cookies so the server renders them on the first byte. */
export const PREFERENCE_KEYS = {
  appearance: 'tubefold-appearance',
  theme: 'tubefold-theme',
  language: 'tubefold-language',
} as const

export const PREFERENCE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export type Preferences = {
  appearance: Appearance
  theme: Theme
  locale: Locale
}

export const DEFAULT_PREFERENCES: Preferences = {
  appearance: DEFAULT_APPEARANCE,
  theme: 'system',
  locale: DEFAULT_LOCALE,
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/** Anything missing or malformed falls back to its default, so a tampered cookie never breaks rendering. */
export function parsePreferences(
  read: (name: string) => string | undefined,
  fallbackLocale: Locale = DEFAULT_LOCALE,
): Preferences {
  const rawAppearance = read(PREFERENCE_KEYS.appearance)
  const rawLocale = read(PREFERENCE_KEYS.language)
  return {
    appearance: parseAppearance(rawAppearance ? parseJson(rawAppearance) : undefined),
    theme: parseTheme(read(PREFERENCE_KEYS.theme)),
    // A missing or unknown language cookie is no choice: the negotiated locale applies.
    locale: isLocale(rawLocale) ? rawLocale : fallbackLocale,
  }
}

export function htmlAttributes(preferences: Preferences) {
  return {
    className: preferences.theme,
    'data-accent': preferences.appearance.accentColor,
    'data-font-size': preferences.appearance.fontSize,
    'data-compact': String(preferences.appearance.compactMode),
    'data-animations': String(preferences.appearance.animations),
  }
}
