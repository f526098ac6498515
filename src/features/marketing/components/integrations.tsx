import { FileUp, MonitorPlay, Puzzle, Tv } from 'lucide-react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { SectionHeading } from './section-heading'

const APP_NAMES = [
  'NewPipe',
  'FreeTube',
  'Piped',
  'PocketTube',
  'Grayjay',
  'Invidious',
  'LibreTube',
  'Google Takeout',
  'OPML',
]

export function Integrations() {
  const { t, locale } = useI18n()
  const formats = new Intl.ListFormat(locale, { type: 'conjunction' }).format(APP_NAMES)
  const items = [
    {
      icon: MonitorPlay,
      title: t('integrations.youtube.title'),
      body: t('integrations.youtube.body'),
    },
    {
      icon: Tv,
      title: t('integrations.crunchyroll.title'),
      body: t('integrations.crunchyroll.body'),
    },
    {
      icon: FileUp,
      title: t('integrations.apps.title'),
      body: t('integrations.apps.body', { formats }),
    },
    {
      icon: Puzzle,
      title: t('integrations.browser.title'),
      body: t('integrations.browser.body'),
      planned: true,
    },
  ]
  return (
    <section
      id="integrations"
      aria-labelledby="integrations-title"
      className="scroll-mt-16 bg-zinc-50 section-y dark:bg-zinc-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="integrations-title"
          title={t('integrations.title')}
          subtitle={t('integrations.subtitle')}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map(({ icon: Icon, title, body, planned }) => (
            <li
              key={title}
              className="grid content-start gap-3 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex items-center justify-between">
                <Icon aria-hidden size={24} className="text-primary" />
                {planned ? (
                  <span className="rounded-full border border-zinc-300 px-2 py-0.5 text-xs text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
                    {t('integrations.planned')}
                  </span>
                ) : null}
              </div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
