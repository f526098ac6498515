import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LibraryScreen } from '~/features/library/components/library-screen'
import { ensureLibraryScreen } from '~/features/library/library.queries'
import { validateLibrarySearch } from '~/features/library/route.schemas'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/animes/')({
  validateSearch: validateLibrarySearch,
  search: { middlewares: [stripSearchParams({ filter: 'all' })] },
  // The tree (chips' names beyond the first screen, the group filter) loads after the first paint.
  loader: ({ context: { queryClient } }) => ensureLibraryScreen(queryClient, 'anime'),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'library.meta.animes') }),
  component: AnimesPage,
})

function AnimesPage() {
  const { filter } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <LibraryScreen
      kind="anime"
      filter={filter}
      onFilterChange={(next) => navigate({ search: { filter: next }, replace: true })}
    />
  )
}
