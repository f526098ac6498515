import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { EntryKind } from '~/db/schema'
import { preloadGroupIcons } from '~/features/groups/components/preload-icons'
import { dependsOnGroups, groupKeys } from '~/features/groups/group-keys'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { idempotencyKeyFor } from '~/lib/idempotency'
import { loadOrNotFound, notFoundScreen, requireUuid } from '~/lib/load-or-not-found'
import { type OptimisticMutationOptions, useOptimisticMutation } from '~/lib/optimistic'
import {
  addAnime,
  addChannels,
  getEntry,
  listLibrary,
  listLibraryHead,
  removeEntries,
  resolveAnime,
  resolveChannels,
  setEntryGroups,
  updateEntry,
} from './library.functions'
import type { GroupChipInfo, LibraryEntry, LibraryEntryDetail } from './library.schemas'

/** Entries carry their groups (chips), so they live under the membership prefix. */
const all = [...dependsOnGroups.membership, 'library'] as const
export const libraryKeys = {
  all,
  list: (kind: EntryKind) => [...all, 'list', kind] as const,
  heads: () => [...all, 'head'] as const,
  head: (kind: EntryKind) => [...all, 'head', kind] as const,
  entry: (id: string) => [...all, 'entry', id] as const,
}

/** A change to an entry's groups or presence shows in the group pages, the tree's counts and the overview. */
const groupViews = () =>
  [groupKeys.tree(), groupKeys.details(), groupKeys.activities(), dependsOnGroups.tree] as const

export const libraryQuery = (kind: EntryKind) =>
  queryOptions({
    queryKey: libraryKeys.list(kind),
    queryFn: () => listLibrary({ data: { kind } }),
  })

/** The first screen and the count, rendered with the page while `libraryQuery` loads. */
export const libraryHeadQuery = (kind: EntryKind) =>
  queryOptions({
    queryKey: libraryKeys.head(kind),
    queryFn: () => listLibraryHead({ data: { kind } }),
  })

/** Nothing when the whole library is cached, else only its first screen: never waits for 10,000 entries. */
export async function ensureLibraryScreen(queryClient: QueryClient, kind: EntryKind) {
  const { queryKey } = libraryQuery(kind)
  if (queryClient.getQueryData(queryKey)) return
  const head = await queryClient.ensureQueryData(libraryHeadQuery(kind))
  // The chips' icons load with the data (not awaited: their boxes are fixed), so rows paint once.
  if (typeof window !== 'undefined') {
    void preloadGroupIcons(
      head.groups.map((group) => group.icon),
      { withFallback: true },
    )
  }
  if (head.entries.length === head.total) {
    queryClient.setQueryData(queryKey, { entries: head.entries })
  }
}

export type LibraryView = {
  entries: LibraryEntry[]
  /** The groups the first screen's chips name, until the tree arrives. */
  chips: GroupChipInfo[]
  total: number | null
  /** False while `entries` is only the first screen. */
  complete: boolean
  failed: boolean
  retry: () => void
}

export function useLibraryView(kind: EntryKind, fetchAll: boolean): LibraryView {
  const full = useQuery({ ...libraryQuery(kind), enabled: fetchAll })
  const head = useQuery({ ...libraryHeadQuery(kind), enabled: full.data === undefined })
  const retry = () => void full.refetch()
  if (full.data) {
    const { entries } = full.data
    return { entries, chips: [], total: entries.length, complete: true, failed: false, retry }
  }
  return {
    entries: head.data?.entries ?? [],
    chips: head.data?.groups ?? [],
    total: head.data?.total ?? null,
    complete: false,
    failed: full.isError,
    retry,
  }
}

export const entryQuery = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.entry(id),
    queryFn: () => getEntry({ data: { id } }),
  })

type LibraryData = { entries: LibraryEntry[] }
const KINDS: readonly EntryKind[] = ['channel', 'anime']

/** Rewrites the cached libraries of both kinds (an id belongs to one of them). */
function patchLibraries(
  queryClient: QueryClient,
  patch: (entries: LibraryEntry[]) => LibraryEntry[],
) {
  for (const kind of KINDS) {
    queryClient.setQueryData<LibraryData>(libraryKeys.list(kind), (old) =>
      old ? { entries: patch(old.entries) } : old,
    )
  }
}

function libraryLists() {
  return KINDS.map((kind) => libraryKeys.list(kind))
}

type UpdateEntryInput = Parameters<typeof updateEntry>[0]['data']

/** `edit/{id}/`: the new alias and tags show in the library at once. */
export const updateEntryMutation: OptimisticMutationOptions<UpdateEntryInput, LibraryEntryDetail> =
  {
    mutationFn: (input: UpdateEntryInput) => updateEntry({ data: input }),
    touches: (input) => [...libraryLists(), libraryKeys.entry(input.id)],
    apply: (queryClient, input) => {
      const alias = input.alias.trim() === '' ? null : input.alias.trim()
      const edit = <T extends LibraryEntry>(entry: T): T =>
        entry.id === input.id
          ? { ...entry, alias, title: alias ?? entry.originalTitle, tags: input.tags }
          : entry
      patchLibraries(queryClient, (entries) => entries.map(edit))
      queryClient.setQueryData<LibraryEntryDetail>(libraryKeys.entry(input.id), (old) =>
        old ? { ...edit(old), notes: input.notes } : old,
      )
    },
    onSuccess: (detail, input, queryClient) => {
      queryClient.setQueryData(libraryKeys.entry(input.id), detail)
    },
    // The lists were edited in place: only the entry, the first screens and the group pages' titles refetch.
    invalidates: (input) => [libraryKeys.entry(input.id), libraryKeys.heads(), groupKeys.details()],
  }

export function useUpdateEntry() {
  return useOptimisticMutation(updateEntryMutation)
}

export function useRemoveEntries() {
  return useOptimisticMutation({
    mutationFn: (input: { ids: string[] }) => removeEntries({ data: input }),
    touches: () => libraryLists(),
    apply: (queryClient, input) => {
      const gone = new Set(input.ids)
      patchLibraries(queryClient, (entries) => entries.filter((entry) => !gone.has(entry.id)))
    },
    invalidates: () => [...groupViews(), libraryKeys.heads()],
  })
}

type SetEntryGroupsInput = Parameters<typeof setEntryGroups>[0]['data']

/** The chips change at once; refused as stale (the input carries the set read), the lists refetch. */
export const setEntryGroupsMutation: OptimisticMutationOptions<
  SetEntryGroupsInput,
  { groupIds: string[] }
> = {
  mutationFn: (input: SetEntryGroupsInput) => setEntryGroups({ data: input }),
  touches: (input) => [...libraryLists(), libraryKeys.entry(input.id)],
  apply: (queryClient, input) => {
    const groupIds = [...new Set(input.groupIds)]
    patchLibraries(queryClient, (entries) =>
      entries.map((entry) => (entry.id === input.id ? { ...entry, groupIds } : entry)),
    )
    queryClient.setQueryData<LibraryEntryDetail>(libraryKeys.entry(input.id), (old) =>
      old ? { ...old, groupIds } : old,
    )
  },
  invalidates: (input) => [...groupViews(), libraryKeys.entry(input.id)],
}

export function useSetEntryGroups() {
  return useOptimisticMutation(setEntryGroupsMutation)
}

/** New entries: the lists refetch, and the group they went into. */
function invalidateAfterAdding(queryClient: QueryClient) {
  return Promise.all(
    [libraryKeys.all, ...groupViews()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}

export function useResolveChannels() {
  return useMutation({
    mutationFn: (input: { text: string; groupId: string | null }) =>
      resolveChannels({ data: input }),
  })
}

export function useAddChannels() {
  const queryClient = useQueryClient()
  return useMutation({
    // Retries of one add send one key: the server adds and counts once.
    mutationFn: (input: { channelIds: string[]; pending: string[]; groupId: string | null }) =>
      addChannels({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    onSettled: () => invalidateAfterAdding(queryClient),
  })
}

export function useResolveAnime() {
  return useMutation({
    mutationFn: (input: { url: string }) => resolveAnime({ data: input }),
  })
}

export function useAddAnime() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { url: string; groupId: string | null }) =>
      addAnime({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    onSettled: () => invalidateAfterAdding(queryClient),
  })
}

/** An entry page under the matching library (`channels/…` for channels only). */
export async function loadEntryOfKind(
  queryClient: QueryClient,
  id: string,
  kind: 'channel' | 'anime',
) {
  const entry = await loadOrNotFound(queryClient.ensureQueryData(entryQuery(requireUuid(id))), [
    'ENTRY_NOT_FOUND',
  ])
  if (entry.kind !== kind) throw notFoundScreen()
  return entry
}

/**
 * The loader of an entry's edit and change-groups pages: the entry (not found unless it is of `kind`),
 * the group tree when the page picks groups, and the entry's title for the page's head.
 */
export async function loadEntryPage(
  queryClient: QueryClient,
  id: string,
  kind: 'channel' | 'anime',
  { withTree = false }: { withTree?: boolean } = {},
): Promise<{ name: string }> {
  const [entry] = await Promise.all([
    loadEntryOfKind(queryClient, id, kind),
    withTree ? queryClient.ensureQueryData(groupTreeQuery()) : undefined,
  ])
  return { name: entry.title }
}
