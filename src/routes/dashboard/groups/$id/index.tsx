import { createFileRoute } from '@tanstack/react-router'
import { GroupDetail } from '~/features/groups/components/group-frame'
import {
  activityQuery,
  groupDetailQuery,
  groupSettingsQuery,
  groupTreeQuery,
} from '~/features/groups/groups.queries'
import { groupPageSearchSchema } from '~/features/groups/groups.schemas'
import { loadOrNotFound, requireUuid } from '~/lib/load-or-not-found'
import { namedPageMeta } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/groups/$id/')({
  validateSearch: groupPageSearchSchema,
  loader: async ({ context: { queryClient }, params }) => {
    const id = requireUuid(params.id)
    // Everything the page renders is awaited: a query still in flight during the
    // server render could land before hydration and make the markup differ.
    const [detail] = await Promise.all([
      loadOrNotFound(queryClient.ensureQueryData(groupDetailQuery(id)), ['GROUP_NOT_FOUND']),
      queryClient.ensureQueryData(groupSettingsQuery()),
      queryClient.ensureQueryData(activityQuery(id)),
      // The owner's move/copy pickers use their whole tree (a member's load the shared one on demand).
      queryClient.ensureQueryData(groupTreeQuery()),
    ])
    return { name: detail.group.name }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'library.meta.group',
      'library.meta.groupNamed',
      loaderData?.name,
    ),
  }),
  component: GroupPage,
})

function GroupPage() {
  const { id } = Route.useParams()
  const { tab } = Route.useSearch()
  return <GroupDetail id={id} tab={tab ?? 'items'} />
}
