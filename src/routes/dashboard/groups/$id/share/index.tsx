import { createFileRoute } from '@tanstack/react-router'
import { ShareScreen } from '~/features/sharing/components/share-screen'
import { sharingQuery } from '~/features/sharing/sharing.queries'
import { loadOrNotFound, requireUuid } from '~/lib/load-or-not-found'
import { namedPageMeta } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/groups/$id/share/')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = requireUuid(params.id)
    // Only the owner manages sharing: to anyone else the screen does not exist.
    const sharing = await loadOrNotFound(queryClient.ensureQueryData(sharingQuery(id)), [
      'GROUP_NOT_FOUND',
      'GROUP_FORBIDDEN',
    ])
    return { name: sharing.group.name }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'sharing.meta.screen',
      'sharing.meta.screenNamed',
      loaderData?.name,
    ),
  }),
  component: SharePage,
})

function SharePage() {
  const { id } = Route.useParams()
  return <ShareScreen id={id} />
}
