import { createFileRoute } from '@tanstack/react-router'
import { EditGroupScreen } from '~/features/groups/components/edit-group-screen'
import { groupDetailQuery, groupTreeQuery } from '~/features/groups/groups.queries'
import { GroupNotFound } from '~/features/sharing/components/access-ended'
import { loadOrNotFound, notFoundScreen, requireUuid } from '~/lib/load-or-not-found'
import { namedPageMeta } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/groups/$id/edit/')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = requireUuid(params.id)
    const [detail] = await Promise.all([
      loadOrNotFound(queryClient.ensureQueryData(groupDetailQuery(id)), ['GROUP_NOT_FOUND']),
      queryClient.ensureQueryData(groupTreeQuery()),
    ])
    // Renaming needs the owner, or an editor below their grant: no form that could only fail.
    if (detail.role === 'viewer' || !detail.canRestructure) throw notFoundScreen()
    return { name: detail.group.name }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'groups.meta.edit',
      'groups.meta.editNamed',
      loaderData?.name,
    ),
  }),
  component: EditGroupPage,
  notFoundComponent: GroupNotFound,
})

function EditGroupPage() {
  const { id } = Route.useParams()
  return <EditGroupScreen id={id} />
}
