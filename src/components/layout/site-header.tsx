import { Link } from '@tanstack/react-router'
import { Menu, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LogoMark } from './logo'
import { SkipLink } from './skip-link'

const SECTION_LINKS = [
  { hash: 'features', label: 'nav.features' },
  { hash: 'integrations', label: 'nav.integrations' },
  { hash: 'pricing', label: 'nav.pricing' },
] as const

/**
 * The public site's header. The route fills it: `languageSwitcher` and
 * `appearanceMenu` (the appearance feature), `accountLinks` (sign-in or
 * dashboard links, the auth feature).
 */
export function SiteHeader(props: {
  languageSwitcher: ReactNode
  appearanceMenu: ReactNode
  accountLinks: (close: () => void) => ReactNode
}) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  const links = (
    <>
      {SECTION_LINKS.map((link) => (
        <Link
          key={link.hash}
          to="/"
          hash={link.hash}
          onClick={close}
          className="rounded-md px-3 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white"
        >
          {t(link.label)}
        </Link>
      ))}
      <Link
        to="/support/"
        onClick={close}
        className="rounded-md px-3 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white"
      >
        {t('nav.support')}
      </Link>
    </>
  )
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/90 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/90">
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 font-semibold"
          aria-label={t('common.home')}
        >
          <LogoMark className="size-8" />
          <span className="text-lg">{t('common.appName')}</span>
        </Link>
        <nav aria-label={t('nav.primary')} className="hidden flex-1 items-center gap-1 md:flex">
          {links}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden sm:block">{props.languageSwitcher}</div>
          {props.appearanceMenu}
          <div className="hidden items-center gap-2 sm:flex">{props.accountLinks(close)}</div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden size={20} /> : <Menu aria-hidden size={20} />}
          </Button>
        </div>
      </div>
      {open ? (
        <nav
          id="mobile-nav"
          aria-label={t('nav.primary')}
          className="grid gap-1 border-t border-zinc-200 px-4 py-3 md:hidden dark:border-zinc-800"
        >
          {links}
          <div className="mt-2 flex items-center gap-2 sm:hidden">{props.languageSwitcher}</div>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:hidden">{props.accountLinks(close)}</div>
        </nav>
      ) : null}
    </header>
  )
}
