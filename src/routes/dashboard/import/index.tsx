import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { ImportScreen } from '~/features/organiser/components/import-screen'
import { groupTreeQuery } from '~/features/organiser/groups.queries'
import { importsQuery } from '~/features/organiser/transfer.queries'
import { pageMeta } from '~/lib/seo'

/** `?parentId=` preselects the group the imported tree goes under. */
export const Route = createFileRoute('/dashboard/import/')({
  validateSearch: (search: { parentId?: unknown } & SearchSchemaInput): { parentId?: string } =>
    typeof search.parentId === 'string' && search.parentId.trim() !== ''
      ? { parentId: search.parentId }
      : {},
  // The destination picker needs the tree; running imports are shown again after a reload.
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(groupTreeQuery()),
      queryClient.ensureQueryData(importsQuery()),
    ])
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'transfer.meta.import') }),
  component: ImportPage,
})

function ImportPage() {
  const { parentId } = Route.useSearch()
  return <ImportScreen parentId={parentId} />
}
