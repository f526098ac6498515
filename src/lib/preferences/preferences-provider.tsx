import { useRouter } from '@tanstack/react-router'
import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react'
import type { Locale } from '~/lib/i18n/locales'
import {
  type Appearance,
  PREFERENCE_KEYS,
  type Preferences,
  type Theme,
} from './appearance.schemas'
import { writePreferenceCookie } from './preference-cookies'

type PreferencesApi = {
  preferences: Preferences
  setTheme: (theme: Theme) => void
  setAppearance: (patch: Partial<Appearance>) => void
  setLocale: (locale: Locale) => Promise<void>
}

const PreferencesContext = createContext<PreferencesApi | null>(null)

/**
 * Holds theme and appearance in state so a change repaints at once; the root
 * document reads them for the <html> attributes. Language comes from the
 * router context because switching it reloads the dictionary.
 */
export function PreferencesProvider(props: { initial: Preferences; children: ReactNode }) {
  const router = useRouter()
  const [theme, setThemeState] = useState(props.initial.theme)
  const [appearance, setAppearanceState] = useState(props.initial.appearance)

  const setTheme = useCallback((next: Theme) => {
    writePreferenceCookie(PREFERENCE_KEYS.theme, next)
    setThemeState(next)
  }, [])

  const setAppearance = useCallback((patch: Partial<Appearance>) => {
    setAppearanceState((current) => {
      const next = { ...current, ...patch }
      writePreferenceCookie(PREFERENCE_KEYS.appearance, JSON.stringify(next))
      return next
    })
  }, [])

  const setLocale = useCallback(
    async (locale: Locale) => {
      writePreferenceCookie(PREFERENCE_KEYS.language, locale)
      await router.invalidate()
    },
    [router],
  )

  const value = useMemo<PreferencesApi>(
    () => ({
      preferences: { theme, appearance, locale: props.initial.locale },
      setTheme,
      setAppearance,
      setLocale,
    }),
    [theme, appearance, props.initial.locale, setTheme, setAppearance, setLocale],
  )
  return <PreferencesContext value={value}>{props.children}</PreferencesContext>
}

export function usePreferences(): PreferencesApi {
  const value = use(PreferencesContext)
  if (!value) throw new Error('usePreferences must be used inside <PreferencesProvider>')
  return value
}
