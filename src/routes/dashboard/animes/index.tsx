import { createFileRoute } from '@tanstack/react-router'
import { LibraryScreen } from '~/features/organiser/components/library-screen'
import { groupTreeQuery } from '~/features/organiser/groups.queries'
import { libraryQuery } from '~/features/organiser/library.queries'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/animes/')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(libraryQuery('anime')),
      queryClient.ensureQueryData(groupTreeQuery()),
    ])
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'library.meta.animes') }),
  component: AnimesPage,
})

function AnimesPage() {
  return <LibraryScreen kind="anime" />
}
