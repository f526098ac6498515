import { PEER_IMPORT_FORMAT_COUNT } from '~/config/formats'
import { FEED_QUOTA_UNITS, GROUP_DEPTH_MAX, LANGUAGE_COUNT } from '~/config/product'
import { useI18n } from '~/lib/i18n/i18n-provider'

/** Only facts about the product itself: every figure comes from configuration. */
export function Stats() {
  const { t, formatNumber } = useI18n()
  const stats = [
    { value: GROUP_DEPTH_MAX, label: t('stats.depth') },
    { value: PEER_IMPORT_FORMAT_COUNT, label: t('stats.formats') },
    { value: LANGUAGE_COUNT, label: t('stats.languages') },
    { value: FEED_QUOTA_UNITS, label: t('stats.quota') },
  ]
  return (
    <section
      aria-labelledby="stats-title"
      className="border-y border-zinc-200 dark:border-zinc-800"
    >
      <h2 id="stats-title" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="grid gap-1 text-center">
            <dt className="order-2 text-sm text-zinc-700 dark:text-zinc-300">{stat.label}</dt>
            <dd className="order-1 text-4xl font-extrabold text-primary">
              {formatNumber(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
