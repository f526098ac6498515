import { createFileRoute } from '@tanstack/react-router'
import { EntryEditPage } from '~/features/library/components/entry-edit-form'
import { loadEntryPage } from '~/features/library/library.queries'
import { namedPageHead } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/channels/edit/$id/')({
  loader: ({ context, params }) => loadEntryPage(context.queryClient, params.id, 'channel'),
  head: namedPageHead('library.meta.edit', 'library.meta.editNamed'),
  component: function EditChannelPage() {
    return <EntryEditPage id={Route.useParams().id} />
  },
})
