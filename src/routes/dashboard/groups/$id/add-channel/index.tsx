import { createFileRoute } from '@tanstack/react-router'
import { groupDetailQuery } from '~/features/groups/groups.queries'
import { AddChannelsPage } from '~/features/library/components/add-channels-form'
import { GroupNotFound } from '~/features/sharing/components/access-ended'
import { loadOrNotFound, notFoundScreen, requireUuid } from '~/lib/load-or-not-found'
import { namedPageMeta } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/groups/$id/add-channel/')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = requireUuid(params.id)
    const detail = await loadOrNotFound(queryClient.ensureQueryData(groupDetailQuery(id)), [
      'GROUP_NOT_FOUND',
    ])
    // A viewer gets no form that could only fail.
    if (detail.role === 'viewer') throw notFoundScreen()
    return { name: detail.group.name }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'library.meta.addChannels',
      'library.meta.addChannelsNamed',
      loaderData?.name,
    ),
  }),
  component: AddChannelRoute,
  notFoundComponent: GroupNotFound,
})

function AddChannelRoute() {
  const { id } = Route.useParams()
  return <AddChannelsPage groupId={id} />
}
