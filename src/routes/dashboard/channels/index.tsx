import { createFileRoute } from '@tanstack/react-router'
import { LibraryScreen } from '~/features/organiser/components/library-screen'
import { groupTreeQuery } from '~/features/organiser/groups.queries'
import { libraryQuery } from '~/features/organiser/library.queries'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/channels/')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(libraryQuery('channel')),
      queryClient.ensureQueryData(groupTreeQuery()),
    ])
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'library.meta.channels') }),
  component: ChannelsPage,
})

function ChannelsPage() {
  return <LibraryScreen kind="channel" />
}
