import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { acceptedFormatNames } from '~/config/formats'
import { getPlan, TRIAL_DAYS } from '~/features/billing/plans'
import { ContactForm } from '~/features/support/components/contact-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/support/')({
  head: ({ match }) => ({
    meta: pageMeta(match.context.messages, 'meta.title.support', 'meta.description.support'),
  }),
  component: SupportPage,
})

const FAQ = [
  ['support.faq.q1', 'support.faq.a1'],
  ['support.faq.q2', 'support.faq.a2'],
  ['support.faq.q3', 'support.faq.a3'],
  ['support.faq.q4', 'support.faq.a4'],
  ['support.faq.q5', 'support.faq.a5'],
  ['support.faq.q6', 'support.faq.a6'],
] as const

const rootRoute = getRouteApi('__root__')

function SupportPage() {
  const { t, locale } = useI18n()
  // Without a payment provider there is no trial to promise (as on the landing page).
  const { billing } = rootRoute.useLoaderData()
  const formats = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    acceptedFormatNames(t('transfer.format.plain')),
  )
  // The levels come from plans.ts, as the pricing cards say them.
  const params = {
    freeDepth: getPlan('free').limits.depth,
    depth: getPlan('pro').limits.depth,
    formats,
    days: TRIAL_DAYS,
  }
  return (
    <main id="main" className="mx-auto grid max-w-5xl gap-16 px-4 py-16 sm:px-6">
      <header className="grid gap-3">
        <h1 className="text-4xl font-bold tracking-tight">{t('support.title')}</h1>
        <p className="text-lg text-zinc-700 dark:text-zinc-300">{t('support.subtitle')}</p>
      </header>
      <section aria-labelledby="faq-title" className="grid gap-6">
        <h2 id="faq-title" className="text-2xl font-semibold">
          {t('support.faq.title')}
        </h2>
        <div className="grid gap-3">
          {FAQ.map(([question, answer]) => (
            <details
              key={question}
              className="group rounded-xl border border-zinc-200 p-4 open:bg-zinc-50 dark:border-zinc-800 dark:open:bg-zinc-900"
            >
              <summary className="cursor-pointer font-medium">{t(question)}</summary>
              <p className="mt-3 text-zinc-700 dark:text-zinc-300">
                {t(
                  answer === 'support.faq.a5' && !billing ? 'support.faq.a5NoBilling' : answer,
                  params,
                )}
              </p>
            </details>
          ))}
        </div>
      </section>
      <section aria-labelledby="contact-title" className="grid gap-6">
        <div>
          <h2 id="contact-title" className="text-2xl font-semibold">
            {t('support.contact.title')}
          </h2>
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">{t('support.contact.subtitle')}</p>
        </div>
        <ContactForm />
      </section>
    </main>
  )
}
