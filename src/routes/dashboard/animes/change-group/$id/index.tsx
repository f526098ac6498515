import { createFileRoute } from '@tanstack/react-router'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { ChangeGroupsPage } from '~/features/library/components/change-groups-form'
import { loadEntryOfKind } from '~/features/library/library.queries'
import { namedPageMeta } from '~/lib/named-page-meta'

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
