import { Link } from '@tanstack/react-router'
import {
  Clapperboard,
  FolderTree,
  LayoutDashboard,
  Menu,
  MonitorPlay,
  Settings,
} from 'lucide-react'
import { type ReactNode, useCallback, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Dialog, DialogTrigger, SheetContent } from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LogoMark } from './logo'
import { SkipLink } from './skip-link'

/**
 * Nothing links to a placeholder. The library screens preload as soon as the nav shows, since
 * a click with no rest on the link would otherwise wait for the server and the screen's code.
 */
const NAV = [
  { to: '/dashboard/', label: 'dashboard.nav.overview', icon: LayoutDashboard, exact: true },
  { to: '/dashboard/groups/', label: 'dashboard.nav.groups', icon: FolderTree, exact: false },
  {
    to: '/dashboard/channels/',
    label: 'dashboard.nav.channels',
    icon: MonitorPlay,
    exact: false,
    preload: 'viewport',
  },
  {
    to: '/dashboard/animes/',
    label: 'dashboard.nav.animes',
    icon: Clapperboard,
    exact: false,
    preload: 'viewport',
  },
  {
    to: '/dashboard/settings/account/',
    label: 'dashboard.nav.settings',
    icon: Settings,
    exact: false,
  },
] as const

function NavLinks(props: { onNavigate?: () => void }) {
  const { t } = useI18n()
  return (
    <ul className="grid gap-1">
      {NAV.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            preload={'preload' in item ? item.preload : undefined}
            onClick={props.onNavigate}
            activeOptions={{ exact: item.exact, includeSearch: false }}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            activeProps={{
              className: 'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-white',
              'aria-current': 'page',
            }}
          >
            <item.icon aria-hidden size={18} />
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function DashboardShell(props: {
  headerEnd: ReactNode
  banner?: ReactNode
  /** Drawn in the sidebar and the drawer; `onNavigate` closes the drawer. */
  navExtra?: (options: { onNavigate?: () => void }) => ReactNode
  children: ReactNode
}) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  // Stable, so the drawer's memoised sidebar content is not drawn again for nothing.
  const closeNav = useCallback(() => setOpen(false), [])
  /** `compact`: the header's copy, whose name gives way to the controls on the narrowest phones. */
  const brand = (compact = false) => (
    <Link
      to="/dashboard/"
      className="flex items-center gap-2 px-2 font-semibold"
      aria-label={t('common.home')}
    >
      <LogoMark className="size-7" />
      <span className={compact ? 'max-[359px]:sr-only' : undefined}>{t('common.appName')}</span>
    </Link>
  )
  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-zinc-200 p-4 lg:flex dark:border-zinc-800">
        {brand()}
        <nav aria-label={t('dashboard.nav.label')}>
          <NavLinks />
        </nav>
        {props.navExtra?.({})}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="lg:hidden"
                aria-label={t('dashboard.openNav')}
              >
                <Menu aria-hidden size={20} />
              </Button>
            </DialogTrigger>
            <SheetContent title={t('dashboard.nav.label')} closeLabel={t('dashboard.closeNav')}>
              {brand()}
              <nav aria-label={t('dashboard.nav.label')}>
                <NavLinks onNavigate={closeNav} />
              </nav>
              {props.navExtra?.({ onNavigate: closeNav })}
            </SheetContent>
          </Dialog>
          <div className="lg:hidden">{brand(true)}</div>
          <div className="ml-auto flex items-center gap-2">{props.headerEnd}</div>
        </header>
        {props.banner}
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {props.children}
        </main>
      </div>
    </div>
  )
}
