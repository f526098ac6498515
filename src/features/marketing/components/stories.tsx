import { Briefcase, Clapperboard, Heart } from 'lucide-react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { SectionHeading } from './section-heading'

/** Use-case stories, not invented people: what each kind of user does with Tubefold. */
const STORIES = [
  { icon: Clapperboard, role: 'stories.creator.role', body: 'stories.creator.body' },
  { icon: Briefcase, role: 'stories.agency.role', body: 'stories.agency.body' },
  { icon: Heart, role: 'stories.fan.role', body: 'stories.fan.body' },
] as const

export function Stories() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="stories-title" className="section-y">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="stories-title"
          title={t('stories.title')}
          subtitle={t('stories.subtitle')}
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {STORIES.map(({ icon: Icon, role, body }) => (
            <li key={role}>
              <figure className="grid h-full content-start gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
                <figcaption className="flex items-center gap-3 font-semibold">
                  <span className="grid size-10 place-items-center rounded-full bg-primary-soft text-primary dark:bg-zinc-800">
                    <Icon aria-hidden size={20} />
                  </span>
                  {t(role)}
                </figcaption>
                <blockquote className="text-zinc-700 dark:text-zinc-300">{t(body)}</blockquote>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
