import { Link } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'

export function CallToAction() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-6 rounded-3xl bg-primary-strong px-6 py-14 text-center text-white">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          {t('cta.title')}
        </h2>
        <p className="max-w-xl text-lg text-white/90">{t('cta.body')}</p>
        <Button asChild size="lg" variant="secondary">
          <Link to="/register/">{t('cta.button')}</Link>
        </Button>
      </div>
    </section>
  )
}
