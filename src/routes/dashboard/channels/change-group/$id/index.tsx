import { createFileRoute } from '@tanstack/react-router'
import { ChangeGroupsPage } from '~/features/library/components/change-groups-form'
import { loadEntryPage } from '~/features/library/library.queries'
import { namedPageHead } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/channels/change-group/$id/')({
  loader: ({ context, params }) =>
    loadEntryPage(context.queryClient, params.id, 'channel', { withTree: true }),
  head: namedPageHead('library.meta.changeGroups', 'library.meta.changeGroupsNamed'),
  component: function ChangeGroupsChannelPage() {
    return <ChangeGroupsPage id={Route.useParams().id} />
  },
})
