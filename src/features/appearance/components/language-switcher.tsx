import { Languages } from 'lucide-react'
import { useId } from 'react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_NATIVE_NAMES, LOCALES, parseLocale } from '~/lib/i18n/locales'
import { usePreferences } from '~/lib/preferences/preferences-provider'

/** Native select: keyboard, screen readers and mobile pickers work without extra code. */
export function LanguageSwitcher() {
  const id = useId()
  const { t, locale } = useI18n()
  const { setLocale } = usePreferences()
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages
        aria-hidden
        size={16}
        className="pointer-events-none absolute left-2.5 text-zinc-500 dark:text-zinc-400"
      />
      <select
        id={id}
        value={locale}
        onChange={(event) => void setLocale(parseLocale(event.target.value))}
        className="h-9 appearance-none rounded-lg border border-zinc-300 bg-transparent pr-3 pl-8 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NATIVE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  )
}
