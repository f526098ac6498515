import { createFileRoute } from '@tanstack/react-router'
import { EntryEditPage } from '~/features/library/components/entry-edit-form'
import { loadEntryOfKind } from '~/features/library/library.queries'
import { namedPageMeta } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/channels/edit/$id/')({
  loader: async ({ context: { queryClient }, params }) => {
    const entry = await loadEntryOfKind(queryClient, params.id, 'channel')
    return { name: entry.title }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'library.meta.edit',
      'library.meta.editNamed',
      loaderData?.name,
    ),
  }),
  component: EditChannelsPage,
})

function EditChannelsPage() {
  const { id } = Route.useParams()
  return <EntryEditPage id={id} />
}
