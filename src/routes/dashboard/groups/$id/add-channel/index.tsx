import { createFileRoute } from '@tanstack/react-router'
import { AddChannelsPage } from '~/features/organiser/components/add-channels-form'
import {
  loadOrNotFound,
  notFoundScreen,
  requireUuid,
} from '~/features/organiser/components/load-or-not-found'
import { namedPageMeta } from '~/features/organiser/components/named-page-meta'
import { groupDetailQuery } from '~/features/organiser/groups.queries'

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
})

function AddChannelRoute() {
  const { id } = Route.useParams()
  return <AddChannelsPage groupId={id} />
}
