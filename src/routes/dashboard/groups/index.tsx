import { createFileRoute } from '@tanstack/react-router'
import { useNewUploadsBadges } from '~/features/feed/components/new-uploads-badge'
import { GroupTreeScreen } from '~/features/groups/components/group-tree'
import { preloadGroupIcons } from '~/features/groups/components/preload-icons'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { SharedGroupsSection } from '~/features/sharing/components/shared-groups-section'
import { sharedWithMeQuery } from '~/features/sharing/sharing.queries'
import { ExportMenu } from '~/features/transfer/components/export-menu'
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
      const icons = preloadGroupIcons([
        tree.settings.defaultIcon,
        ...tree.groups.map((g) => g.icon),
      ])
      await Promise.race([icons, new Promise((resolve) => setTimeout(resolve, 300))])
    }
    // Nothing returned: the tree lives in the query cache, not twice in the page's payload.
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'groups.meta.tree') }),
  component: GroupsPage,
})

function GroupsPage() {
  const rowBadge = useNewUploadsBadges()
  return (
    <div className="grid gap-12">
      <GroupTreeScreen toolbar={<ExportMenu groupId={null} />} rowBadge={rowBadge} />
      <SharedGroupsSection />
    </div>
  )
}
