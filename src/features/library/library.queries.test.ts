import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { libraryEntryDto } from '../../../tests/support/library-entry'
import { ensureLibraryScreen, libraryHeadQuery, libraryQuery } from './library.queries'
import type { LibraryHead } from './library.schemas'

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
