import { Link, useRouter } from '@tanstack/react-router'
import {
  Clapperboard,
  FolderTree,
  LayoutDashboard,
  Menu,
  MonitorPlay,
  Settings,
} from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Dialog, DialogTrigger, SheetContent } from '~/components/ui/dialog'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { revealAhead, useRevealingScreen } from '~/lib/reveal-ahead'
import { whenIdle } from '~/lib/when-idle'
import { LogoMark } from './logo'
import { SkipLink } from './skip-link'

/**
 * Screens of later issues join this list when they exist; nothing links to a
 * placeholder. `warm` is what loads while the reader is elsewhere: the code,
 * or also the data of a screen that is cheap to load and slow to build.
 */
const NAV = [
  {
    to: '/dashboard/',
    label: 'dashboard.nav.overview',
    icon: LayoutDashboard,
    exact: true,
    warm: 'code',
  },
  {
    to: '/dashboard/groups/',
    label: 'dashboard.nav.groups',
    icon: FolderTree,
    exact: false,
    warm: 'code',
  },
  {
    to: '/dashboard/channels/',
    label: 'dashboard.nav.channels',
    icon: MonitorPlay,
    exact: false,
    warm: 'data',
  },
  {
    to: '/dashboard/animes/',
    label: 'dashboard.nav.animes',
    icon: Clapperboard,
    exact: false,
    warm: 'data',
  },
  {
    to: '/dashboard/settings/account/',
    label: 'dashboard.nav.settings',
    icon: Settings,
    exact: false,
    warm: 'code',
  },
] as const

const NAV_LINK_CLASS =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
const NAV_ACTIVE_PROPS = {
  className: 'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-white',
  'aria-current': 'page',
} as const

function NavLinks(props: { onNavigate?: () => void }) {
  const { t } = useI18n()
  const router = useRouter()
  // While a click shows its screen ahead of the router, that link is the current one.
  const revealing = useRevealingScreen()
  return (
    <ul className="grid gap-1">
      {NAV.map((item) => {
        const revealed = revealing === item.to
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={(event) => {
                props.onNavigate?.()
                const plain =
                  event.button === 0 &&
                  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
                if (!plain) return
                const from = router.state.location.href
                const shown = revealAhead(item.to, async () => {
                  // Another navigation in between wins.
                  if (router.state.location.href === from) await router.navigate({ to: item.to })
                })
                // The router's own click handler stands down; `revealAhead` navigates.
                if (shown) event.preventDefault()
              }}
              activeOptions={{ exact: item.exact, includeSearch: false }}
              className={cn(NAV_LINK_CLASS, revealed && NAV_ACTIVE_PROPS.className)}
              aria-current={revealed ? 'page' : undefined}
              activeProps={revealing === null ? NAV_ACTIVE_PROPS : {}}
            >
              <item.icon aria-hidden size={18} />
              {t(item.label)}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The nav's screens load their code while the reader is on this one, so a
 * click waits only for its data (which the link preloads on hover). The
 * library screens load their first screen of data too (one small request
 * each), so even a click with no rest on the link finds it cached.
 */
function usePreloadedNavScreens() {
  const router = useRouter()
  useEffect(() => {
    const warm = () => {
      for (const item of NAV) {
        const loading =
          item.warm === 'data'
            ? router.preloadRoute({ to: item.to })
            : router.loadRouteChunk(router.routesById[item.to])
        void loading?.catch(() => undefined)
      }
    }
    return whenIdle(warm, 2_000)
  }, [router])
}

/** Sidebar on wide screens, a drawer on small ones; the header holds the slots it is given. */
export function DashboardShell(props: {
  headerEnd: ReactNode
  banner?: ReactNode
  /**
   * More sidebar content under the nav, drawn in the sidebar and the drawer;
   * `onNavigate` closes the drawer (links in it call it on click).
   */
  navExtra?: (options: { onNavigate?: () => void }) => ReactNode
  children: ReactNode
}) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  usePreloadedNavScreens()
  const brand = (
    <Link
      to="/dashboard/"
      className="flex items-center gap-2 px-2 font-semibold"
      aria-label={t('common.home')}
    >
      <LogoMark className="size-7" />
      {t('common.appName')}
    </Link>
  )
  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r border-zinc-200 p-4 lg:flex dark:border-zinc-800">
        {brand}
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
              {brand}
              <nav aria-label={t('dashboard.nav.label')}>
                <NavLinks onNavigate={() => setOpen(false)} />
              </nav>
              {props.navExtra?.({ onNavigate: () => setOpen(false) })}
            </SheetContent>
          </Dialog>
          <div className="lg:hidden">{brand}</div>
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
