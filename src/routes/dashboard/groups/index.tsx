import { createFileRoute } from '@tanstack/react-router'
import { GroupTreeScreen } from '~/features/organiser/components/group-tree'
import { preloadIcons } from '~/features/organiser/components/lucide-icons'
import { SharedGroupsSection } from '~/features/organiser/components/shared-groups-section'
import { groupTreeQuery } from '~/features/organiser/groups.queries'
import { sharedWithMeQuery } from '~/features/organiser/sharing.queries'
import { pageMeta } from '~/lib/seo'

/** Seed: the whole groups tree; groups others share with the user below it. */
export const Route = createFileRoute('/dashboard/groups/')({
  loader: async ({ context: { queryClient } }) => {
    const [tree] = await Promise.all([
      queryClient.ensureQueryData(groupTreeQuery()),
      // Awaited so server and client draw the same; a failure stays in its section.
      queryClient.ensureQueryData(sharedWithMeQuery()).catch(() => null),
    ])
    // On client navigations, the tree's few icons arrive with it (never long: capped).
    if (typeof window !== 'undefined') {
      const icons = preloadIcons([tree.settings.defaultIcon, ...tree.groups.map((g) => g.icon)])
      await Promise.race([icons, new Promise((resolve) => setTimeout(resolve, 300))])
    }
    // Nothing returned: the tree lives in the query cache, not twice in the page's payload.
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'groups.meta.tree') }),
  component: GroupsPage,
})

function GroupsPage() {
  return (
    <div className="grid gap-12">
      <GroupTreeScreen />
      <SharedGroupsSection />
    </div>
  )
}
