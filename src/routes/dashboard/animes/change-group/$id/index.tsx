import { createFileRoute } from '@tanstack/react-router'
import { ChangeGroupsPage } from '~/features/organiser/components/change-groups-form'
import { loadEntryOfKind } from '~/features/organiser/components/load-or-not-found'
import { namedPageMeta } from '~/features/organiser/components/named-page-meta'
import { groupTreeQuery } from '~/features/organiser/groups.queries'

export const Route = createFileRoute('/dashboard/animes/change-group/$id/')({
  loader: async ({ context: { queryClient }, params }) => {
    const [entry] = await Promise.all([
      loadEntryOfKind(queryClient, params.id, 'anime'),
      queryClient.ensureQueryData(groupTreeQuery()),
    ])
    return { name: entry.title }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'library.meta.changeGroups',
      'library.meta.changeGroupsNamed',
      loaderData?.name,
    ),
  }),
  component: ChangeGroupsAnimesPage,
})

function ChangeGroupsAnimesPage() {
  const { id } = Route.useParams()
  return <ChangeGroupsPage id={id} />
}
