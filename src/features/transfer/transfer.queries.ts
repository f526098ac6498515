import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { dependsOnGroups, groupKeys } from '~/features/groups/group-keys'
import { idempotencyKeyFor } from '~/lib/idempotency'
import { isImportRunning } from './components/import-export-model'
import {
  cancelImport,
  getImportContents,
  getImportPreview,
  getImportStatus,
  listImports,
  previewImportFile,
  previewImportText,
  retryPendingLookups,
  startImport,
} from './transfer.functions'
import type {
  ImportExclusions,
  ImportOptions,
  ImportPreview,
  ImportStatus,
} from './transfer.schemas'

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000
/** How often a finished import with pending look-ups is asked whether YouTube filled them in. */
export const PENDING_POLL_MS = 5000

const all = ['transfer'] as const
export const transferKeys = {
  imports: () => [...all, 'imports'] as const,
  previews: (importId: string) => [...all, 'preview', importId] as const,
  preview: (importId: string, parentId: string | null, sameNames: 'merge' | 'new') =>
    [...all, 'preview', importId, parentId ?? 'top', sameNames] as const,
  contents: (importId: string) => [...all, 'preview', importId, 'contents'] as const,
  status: (importId: string) => [...all, 'status', importId] as const,
  youtubeConnection: () => [...all, 'youtube-connection'] as const,
}

/** An applied import changes the groups, the library and everything derived from them. */
function refreshGroups(queryClient: QueryClient) {
  return Promise.all(
    [groupKeys.all, dependsOnGroups.tree, dependsOnGroups.membership].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}

export const importsQuery = () =>
  queryOptions({
    queryKey: transferKeys.imports(),
    queryFn: () => listImports(),
    // Imports move on their own: the list is read fresh each time the screen opens.
    staleTime: 0,
  })

export const importPreviewQuery = (importId: string, options: ImportOptions) =>
  queryOptions({
    queryKey: transferKeys.preview(importId, options.parentId, options.sameNames),
    queryFn: () => getImportPreview({ data: { importId, options } }),
    // A preview that is gone (expired, started elsewhere) will not come back by retrying.
    retry: false,
  })

/** What the preview lists to tick: the same under any options, so read once. */
export const importContentsQuery = (importId: string) =>
  queryOptions({
    queryKey: transferKeys.contents(importId),
    queryFn: () => getImportContents({ data: { importId } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })

export const importStatusQuery = (importId: string) =>
  queryOptions({
    queryKey: transferKeys.status(importId),
    queryFn: async ({ client, queryKey }): Promise<ImportStatus> => {
      const before = client.getQueryData<ImportStatus>(queryKey)
      const status = await getImportStatus({ data: { importId } })
      // Refresh once, on the poll that sees the import end.
      if (before && isImportRunning(before.state) && !isImportRunning(status.state)) {
        void client.invalidateQueries({ queryKey: transferKeys.imports() })
        if (status.state === 'done') void refreshGroups(client)
      }
      // Pending look-ups were filled in: titles and placements changed.
      if (before && status.pendingLeft < before.pendingLeft) void refreshGroups(client)
      return status
    },
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data
      if (!data) return false
      if (isImportRunning(data.state)) return IMPORT_POLL_MS
      return data.pendingLeft > 0 ? PENDING_POLL_MS : false
    },
  })

/** Asks YouTube again now about the user's pending look-ups; the import's status follows. */
export function useRetryPendingLookups(importId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => retryPendingLookups(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.status(importId) }),
  })
}

const followed = new Set<string>()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Keeps polling after the user navigated away (unobserved queries stop), so caches refresh when it ends. */
export async function followImport(queryClient: QueryClient, importId: string): Promise<void> {
  if (followed.has(importId)) return
  followed.add(importId)
  try {
    for (;;) {
      await sleep(IMPORT_POLL_MS)
      const query = queryClient.getQueryCache().find<ImportStatus>({
        queryKey: transferKeys.status(importId),
        exact: true,
      })
      const status = query?.state.data
      if (status && !isImportRunning(status.state)) return
      if (query && query.getObserversCount() > 0) continue
      await queryClient.fetchQuery({ ...importStatusQuery(importId), staleTime: 0 })
    }
  } catch {
    // A failed poll ends the watch; the next visit to the import screen reads the state again.
  } finally {
    followed.delete(importId)
  }
}

/** Seeds the cache with the preview the upload answered, under the options it was made with. */
function rememberPreview(queryClient: QueryClient, preview: ImportPreview) {
  queryClient.setQueryData(importPreviewQuery(preview.importId, preview.options).queryKey, preview)
}

export function usePreviewImportFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData()
      data.set('file', file, file.name)
      return previewImportFile({ data })
    },
    onSuccess: (preview) => rememberPreview(queryClient, preview),
  })
}

export function usePreviewImportText() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => {
      // Multipart, like a file: a paste may be as large as one (see transfer.functions.ts).
      const data = new FormData()
      data.set('text', text)
      return previewImportText({ data })
    },
    onSuccess: (preview) => rememberPreview(queryClient, preview),
  })
}

export function useStartImport() {
  const queryClient = useQueryClient()
  return useMutation({
    // Retries of one confirm send one key: the server answers the same import.
    mutationFn: (input: {
      importId: string
      options: ImportOptions
      exclusions: ImportExclusions
    }) => startImport({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    onSuccess: (status, input) => {
      queryClient.setQueryData(transferKeys.status(input.importId), status)
      queryClient.removeQueries({ queryKey: transferKeys.previews(input.importId) })
      void queryClient.invalidateQueries({ queryKey: transferKeys.imports() })
      if (status.state === 'done') void refreshGroups(queryClient)
      else if (isImportRunning(status.state)) void followImport(queryClient, input.importId)
    },
  })
}

/** Drops a preview, or stops an import its job has not picked up yet. */
export function useCancelImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (importId: string) => cancelImport({ data: { importId } }),
    onSettled: (_result, _error, importId) => {
      queryClient.removeQueries({ queryKey: transferKeys.previews(importId) })
      void queryClient.invalidateQueries({ queryKey: transferKeys.status(importId) })
      void queryClient.invalidateQueries({ queryKey: transferKeys.imports() })
    },
  })
}
