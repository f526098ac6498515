import { Link } from '@tanstack/react-router'
import { ChefHat, ChevronDown, Cpu, Croissant, Smartphone, Sparkles, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { TRIAL_DAYS } from '~/features/billing/plans'
import { useI18n } from '~/lib/i18n/i18n-provider'

function TreeRow(props: {
  depth: number
  icon: ReactNode
  name: string
  channels: number
  fresh?: number
}) {
  const { t } = useI18n()
  return (
    <li
      className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
      style={{ paddingLeft: `${0.5 + props.depth * 1.25}rem` }}
    >
      <ChevronDown aria-hidden size={14} className="text-zinc-400" />
      <span className="grid size-6 place-items-center rounded-md bg-primary-soft text-primary dark:bg-zinc-800">
        {props.icon}
      </span>
      <span className="flex-1 font-medium">{props.name}</span>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('hero.preview.channels', { count: props.channels })}
      </span>
      {props.fresh ? (
        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-fg">
          {t('hero.preview.newVideos', { count: props.fresh })}
        </span>
      ) : null}
    </li>
  )
}

/** `billing`: a payment provider is configured; without one there is no trial to promise. */
export function Hero(props: { billing: boolean }) {
  const { t } = useI18n()
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-primary-soft to-transparent dark:from-zinc-900" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 section-y sm:px-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
            <Sparkles aria-hidden size={14} className="text-primary" />
            {t('hero.badge')}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="text-lg text-zinc-700 dark:text-zinc-300">{t('hero.subtitle')}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/register/">{t('hero.primary')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/" hash="features">
                {t('hero.secondary')}
              </Link>
            </Button>
          </div>
          {props.billing ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {t('hero.trial', { days: TRIAL_DAYS })}
            </p>
          ) : null}
        </div>
        <figure className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
          <figcaption className="sr-only">{t('hero.preview.label')}</figcaption>
          <ul className="grid gap-0.5">
            <TreeRow
              depth={0}
              icon={<Cpu size={14} />}
              name={t('hero.preview.tech')}
              channels={48}
              fresh={12}
            />
            <TreeRow
              depth={1}
              icon={<Star size={14} />}
              name={t('hero.preview.reviews')}
              channels={21}
              fresh={5}
            />
            <TreeRow
              depth={2}
              icon={<Smartphone size={14} />}
              name={t('hero.preview.phones')}
              channels={9}
              fresh={2}
            />
            <TreeRow
              depth={0}
              icon={<ChefHat size={14} />}
              name={t('hero.preview.cooking')}
              channels={33}
            />
            <TreeRow
              depth={1}
              icon={<Croissant size={14} />}
              name={t('hero.preview.baking')}
              channels={14}
              fresh={3}
            />
            <TreeRow
              depth={0}
              icon={<span aria-hidden>🌸</span>}
              name={t('hero.preview.anime')}
              channels={11}
            />
          </ul>
        </figure>
      </div>
    </section>
  )
}
