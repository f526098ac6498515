import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { groupDetailQuery } from '~/features/groups/groups.queries'
import { AppError, errorCodeOf } from '~/lib/app-error'
import { optimisticMutationOptions } from '~/lib/optimistic'
import { libraryEntryDto } from '../../../tests/support/library-entry'
import {
  ensureLibraryScreen,
  entryQuery,
  libraryHeadQuery,
  libraryQuery,
  setEntryGroupsMutation,
  updateEntryMutation,
} from './library.queries'
import type { LibraryEntryDetail, LibraryHead } from './library.schemas'

const detailOf = (id: string, alias: string | null = null): LibraryEntryDetail => ({
  ...libraryEntryDto({ id, alias, title: alias ?? `Channel ${id}` }),
  notes: '',
  description: '',
  genres: [],
})

vi.mock('./library.functions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./library.functions')>()),
  updateEntry: async (call: { data: { id: string; alias: string } }) =>
    detailOf(call.data.id, call.data.alias),
  // Another tab changed the entry's groups since this one read them.
  setEntryGroups: async () => {
    throw new AppError('STALE_VERSION')
  },
}))

/*
 * The library screens' loader decides what the page waits for. Every case
 * here is answered from the cache, so a server call would be a failure.
 */

const entry = (id: string) => libraryEntryDto({ id })

function clientWith(head: LibraryHead) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(libraryHeadQuery('channel').queryKey, head)
  return queryClient
}

describe('ensureLibraryScreen', () => {
  it('waits for nothing when the whole library is cached', async () => {
    const queryClient = new QueryClient()
    const whole = { entries: [entry('a')] }
    queryClient.setQueryData(libraryQuery('channel').queryKey, whole)
    await ensureLibraryScreen(queryClient, 'channel')
    expect(queryClient.getQueryData(libraryHeadQuery('channel').queryKey)).toBeUndefined()
    expect(queryClient.getQueryData(libraryQuery('channel').queryKey)).toBe(whole)
  })

  it('takes a first screen that holds every entry as the whole library', async () => {
    const entries = [entry('a'), entry('b')]
    const queryClient = clientWith({ entries, total: 2, groups: [] })
    await ensureLibraryScreen(queryClient, 'channel')
    expect(queryClient.getQueryData(libraryQuery('channel').queryKey)).toEqual({ entries })
  })

  it('leaves the whole library to load after the paint when there is more', async () => {
    const queryClient = clientWith({ entries: [entry('a')], total: 10_000, groups: [] })
    await ensureLibraryScreen(queryClient, 'channel')
    expect(queryClient.getQueryData(libraryQuery('channel').queryKey)).toBeUndefined()
  })
})

/** A query as a mounted screen holds it: invalidating it refetches it at once. */
function observe(queryClient: QueryClient, queryKey: readonly unknown[], data: unknown) {
  const queryFn = vi.fn(async () => data)
  new QueryObserver(queryClient, { queryKey, queryFn }).subscribe(() => {})
  return queryFn
}

describe('an alias edit', () => {
  it('patches the cached library and refetches the entry and the group pages, never the library', async () => {
    const queryClient = new QueryClient()
    const library = observe(queryClient, libraryQuery('channel').queryKey, {
      entries: [entry('a'), entry('b')],
    })
    const detail = observe(queryClient, entryQuery('a').queryKey, detailOf('a'))
    const groupPage = observe(queryClient, groupDetailQuery('g').queryKey, { items: [] })
    await vi.waitFor(() => expect(library).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(groupPage).toHaveBeenCalledTimes(1))

    const edit = new MutationObserver(
      queryClient,
      optimisticMutationOptions(queryClient, updateEntryMutation, () => {}),
    )
    await edit.mutate({ id: 'a', version: 1, alias: 'Mine', notes: '', tags: [] })

    expect(
      queryClient.getQueryData(libraryQuery('channel').queryKey)?.entries.map((row) => row.title),
    ).toEqual(['Mine', 'Channel b'])
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(groupPage).toHaveBeenCalledTimes(2))
    expect(library).toHaveBeenCalledTimes(1)
  })
})

describe('a change of groups refused as stale', () => {
  it('says so once, puts the rows back, and refetches the library and the entry', async () => {
    const queryClient = new QueryClient()
    const library = observe(queryClient, libraryQuery('channel').queryKey, {
      entries: [{ ...entry('a'), groupIds: ['tech'] }],
    })
    const detail = observe(queryClient, entryQuery('a').queryKey, detailOf('a'))
    await vi.waitFor(() => expect(library).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(1))

    const reported: unknown[] = []
    const change = new MutationObserver(
      queryClient,
      optimisticMutationOptions(queryClient, setEntryGroupsMutation, (error) =>
        reported.push(error),
      ),
    )
    await expect(
      change.mutate({ id: 'a', groupIds: ['later'], readGroupIds: ['tech'] }),
    ).rejects.toThrow('STALE_VERSION')

    expect(reported.map((error) => errorCodeOf(error).code)).toEqual(['STALE_VERSION'])
    expect(
      queryClient.getQueryData(libraryQuery('channel').queryKey)?.entries[0]?.groupIds,
    ).toEqual(['tech'])
    await vi.waitFor(() => expect(library).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(2))
  })
})
