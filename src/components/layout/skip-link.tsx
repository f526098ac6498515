import { useI18n } from '~/lib/i18n/i18n-provider'

/** First focusable element of every frame: jumps past the navigation to `#main`. */
export function SkipLink() {
  const { t } = useI18n()
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
    >
      {t('common.skipToContent')}
    </a>
  )
}
