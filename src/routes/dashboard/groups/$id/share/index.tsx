import { createFileRoute } from '@tanstack/react-router'
import { loadOrNotFound, requireUuid } from '~/features/organiser/components/load-or-not-found'
import { namedPageMeta } from '~/features/organiser/components/named-page-meta'
import { ShareScreen } from '~/features/organiser/components/share-screen'
import { sharingQuery } from '~/features/organiser/sharing.queries'

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
