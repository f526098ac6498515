import { createFileRoute, Outlet } from '@tanstack/react-router'
import { DashboardShell } from '~/components/layout/dashboard-shell'
import { AppearanceMenu } from '~/features/appearance/components/appearance-menu'
import { LanguageSwitcher } from '~/features/appearance/components/language-switcher'
import { requireUser } from '~/features/auth/auth.guards'
import { UnverifiedBanner } from '~/features/auth/components/unverified-banner'
import { UserMenu } from '~/features/auth/components/user-menu'
import { TrialBanner } from '~/features/billing/components/trial-banner'
import { useNewUploadsBadges } from '~/features/feed/components/new-uploads-badge'
import { GroupDragProvider } from '~/features/groups/components/group-drag-provider'
import { GroupsSidebar, SIDEBAR_IDLE_MS } from '~/features/groups/components/groups-sidebar'
import { NotificationBell } from '~/features/notifications/components/notification-bell'
import { QuickSearch } from '~/features/search/components/quick-search'
import { SharedNav } from '~/features/sharing/components/shared-nav'
import { useIdle } from '~/lib/use-idle'

/** Seed: the /dashboard layout. Every screen under it needs a signed-in user. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireUser(context.queryClient, location.href),
  }),
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: DashboardLayout,
})

function DashboardLayout() {
  const { user } = Route.useRouteContext()
  // The sidebar's badges wait for the page's own data, like its tree.
  const rowBadge = useNewUploadsBadges(useIdle(SIDEBAR_IDLE_MS))
  // One drag context for the sidebar and the screen: rows drop on the sidebar's groups.
  return (
    <GroupDragProvider>
      <DashboardShell
        banner={
          <>
            <UnverifiedBanner user={user} />
            <TrialBanner />
          </>
        }
        navExtra={({ onNavigate }) => (
          <>
            <GroupsSidebar userId={user.id} rowBadge={rowBadge} onNavigate={onNavigate} />
            <SharedNav rowBadge={rowBadge} onNavigate={onNavigate} />
          </>
        )}
        headerEnd={
          <>
            <QuickSearch userId={user.id} />
            <div className="hidden sm:block">
              <LanguageSwitcher />
            </div>
            <NotificationBell />
            <AppearanceMenu />
            <UserMenu user={user} />
          </>
        }
      >
        <Outlet />
      </DashboardShell>
    </GroupDragProvider>
  )
}
