import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { ImportScreen } from '~/features/transfer/components/import-screen'
import { importsQuery } from '~/features/transfer/transfer.queries'
import { type ConnectError, toConnectError } from '~/features/transfer/youtube-connect.schemas'
import { pageMeta } from '~/lib/seo'

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

/**
 * `?parentId=` preselects the group the imported tree goes under; Connect
 * YouTube comes back with `?importId=` (its preview) or `?connectError=`.
 */
export const Route = createFileRoute('/dashboard/import/')({
  validateSearch: (
    search: { parentId?: unknown; importId?: unknown; connectError?: unknown } & SearchSchemaInput,
  ): { parentId?: string; importId?: string; connectError?: ConnectError } => {
    const parentId = text(search.parentId)
    const importId = text(search.importId)
    const connectError = toConnectError(text(search.connectError) ?? null) ?? undefined
    return {
      ...(parentId ? { parentId } : {}),
      ...(importId ? { importId } : {}),
      ...(connectError ? { connectError } : {}),
    }
  },
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
