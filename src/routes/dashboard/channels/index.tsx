import { createFileRoute } from '@tanstack/react-router'
import { LibraryScreen } from '~/features/library/components/library-screen'
import { ensureLibraryScreen } from '~/features/library/library.queries'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/channels/')({
  // The tree (chips' names beyond the first screen, the group filter) loads after the first paint.
  loader: ({ context: { queryClient } }) => ensureLibraryScreen(queryClient, 'channel'),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'library.meta.channels') }),
  component: ChannelsPage,
})

function ChannelsPage() {
  return <LibraryScreen kind="channel" />
}
