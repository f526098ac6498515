import { ArrowLeftRight, ChartLine, FolderTree, Palette, Rss, Users } from 'lucide-react'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { SectionHeading } from './section-heading'

const FEATURES = [
  { icon: FolderTree, title: 'features.nesting.title', body: 'features.nesting.body' },
  { icon: Palette, title: 'features.icons.title', body: 'features.icons.body' },
  { icon: Rss, title: 'features.feeds.title', body: 'features.feeds.body' },
  { icon: ChartLine, title: 'features.growth.title', body: 'features.growth.body' },
  { icon: Users, title: 'features.sharing.title', body: 'features.sharing.body' },
  {
    icon: ArrowLeftRight,
    title: 'features.importExport.title',
    body: 'features.importExport.body',
  },
] as const

export function Features() {
  const { t } = useI18n()
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 section-y">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          title={t('features.title')}
          subtitle={t('features.subtitle')}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="grid content-start gap-3 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
            >
              <span className="grid size-10 place-items-center rounded-lg bg-primary-soft text-primary dark:bg-zinc-800">
                <Icon aria-hidden size={20} />
              </span>
              <h3 className="text-lg font-semibold">{t(title)}</h3>
              <p className="text-zinc-700 dark:text-zinc-300">
                {t(body, { depth: GROUP_DEPTH_MAX })}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
