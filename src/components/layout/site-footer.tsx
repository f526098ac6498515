import { Link } from '@tanstack/react-router'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LogoMark } from './logo'

const linkClass =
  'text-sm text-zinc-600 hover:text-zinc-950 dark:text-zinc-400 dark:hover:text-white'

export function SiteFooter() {
  const { t } = useI18n()
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="grid content-start gap-3 md:col-span-1">
          <div className="flex items-center gap-2 font-semibold">
            <LogoMark className="size-7" />
            {t('common.appName')}
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-product" className="grid content-start gap-2">
          <h2 id="footer-product" className="text-sm font-semibold">
            {t('footer.product')}
          </h2>
          <Link to="/" hash="features" className={linkClass}>
            {t('nav.features')}
          </Link>
          <Link to="/" hash="integrations" className={linkClass}>
            {t('nav.integrations')}
          </Link>
          <Link to="/" hash="pricing" className={linkClass}>
            {t('nav.pricing')}
          </Link>
        </nav>
        <nav aria-labelledby="footer-help" className="grid content-start gap-2">
          <h2 id="footer-help" className="text-sm font-semibold">
            {t('footer.help')}
          </h2>
          <Link to="/support/" className={linkClass}>
            {t('footer.support')}
          </Link>
        </nav>
        <nav aria-labelledby="footer-legal" className="grid content-start gap-2">
          <h2 id="footer-legal" className="text-sm font-semibold">
            {t('footer.legal')}
          </h2>
          <Link to="/terms" className={linkClass}>
            {t('footer.terms')}
          </Link>
          <Link to="/privacy" className={linkClass}>
            {t('footer.privacy')}
          </Link>
        </nav>
      </div>
      <div className="mx-auto max-w-6xl border-t border-zinc-200 px-4 py-6 text-xs text-zinc-600 sm:px-6 dark:border-zinc-800 dark:text-zinc-400">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        <p className="mt-1">{t('footer.notAffiliated')}</p>
      </div>
    </footer>
  )
}
