import { createFileRoute } from '@tanstack/react-router'
import { LibraryScreen } from '~/features/library/components/library-screen'
import { ensureLibraryScreen } from '~/features/library/library.queries'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/animes/')({
  // The tree (chips' names beyond the first screen, the group filter) loads after the first paint.
  loader: ({ context: { queryClient } }) => ensureLibraryScreen(queryClient, 'anime'),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'library.meta.animes') }),
  component: AnimesPage,
})

function AnimesPage() {
  return <LibraryScreen kind="anime" />
}
