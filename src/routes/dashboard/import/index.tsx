import { createFileRoute } from '@tanstack/react-router'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { ImportScreen } from '~/features/transfer/components/import-screen'
import { validateImportSearch } from '~/features/transfer/route.schemas'
import { importsQuery } from '~/features/transfer/transfer.queries'
import { pageMeta } from '~/lib/seo'

/**
 * `?parentId=` preselects the group the imported tree goes under; Connect
 * YouTube comes back with `?importId=` (its preview) or `?connectError=`.
 */
export const Route = createFileRoute('/dashboard/import/')({
  validateSearch: validateImportSearch,
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
  const { parentId, importId, connectError } = Route.useSearch()
  return <ImportScreen parentId={parentId} importId={importId} connectError={connectError} />
}
