import { createFileRoute } from '@tanstack/react-router'
import { GroupTreeScreen } from '~/features/organiser/components/group-tree'
import { preloadIcons } from '~/features/organiser/components/lucide-icons'
import { groupTreeQuery } from '~/features/organiser/groups.queries'
import { pageMeta } from '~/lib/seo'

/** Seed: the whole groups tree. */
export const Route = createFileRoute('/dashboard/groups/')({
  loader: async ({ context: { queryClient } }) => {
    const tree = await queryClient.ensureQueryData(groupTreeQuery())
    // On client navigations, the tree's few icons arrive with it (never long: capped).
    if (typeof window !== 'undefined') {
      const icons = preloadIcons([tree.settings.defaultIcon, ...tree.groups.map((g) => g.icon)])
      await Promise.race([icons, new Promise((resolve) => setTimeout(resolve, 300))])
    }
    // Nothing returned: the tree lives in the query cache, not twice in the page's payload.
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'groups.meta.tree') }),
  component: GroupTreeScreen,
})
