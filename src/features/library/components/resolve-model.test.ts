import { describe, expect, it } from 'vitest'
import type { ResolvedLine, ResolveStatus } from '../library.schemas'
import { addableChannelIds, countEntries, statusCounts } from './resolve-model'

const channel = (id: string) => ({
  id,
  title: id,
  handle: null,
  avatarUrl: null,
  subscriberCount: null,
  hiddenSubscriberCount: false,
})
const line = (n: number, status: ResolveStatus, id: string | null): ResolvedLine => ({
  line: n,
  input: `input ${n}`,
  status,
  channel: id ? channel(id) : null,
})

const lines = [
  line(1, 'new', 'UCa'),
  line(2, 'inLibrary', 'UCb'),
  line(3, 'inGroup', 'UCc'),
  line(4, 'notFound', null),
  line(5, 'duplicate', 'UCa'),
  line(6, 'new', 'UCa'),
  line(7, 'notChannel', null),
]

describe('addableChannelIds', () => {
  it('adds new channels and, into a group, library ones, each once', () => {
    expect(addableChannelIds(lines, true)).toEqual(['UCa', 'UCb'])
  })

  it('adds only new channels to the library alone', () => {
    expect(addableChannelIds(lines, false)).toEqual(['UCa'])
  })
})

describe('statusCounts', () => {
  it('counts every status', () => {
    expect(statusCounts(lines)).toEqual({
      new: 2,
      inLibrary: 1,
      inGroup: 1,
      notFound: 1,
      notChannel: 1,
      duplicate: 1,
      pending: 0,
      videoNotFound: 0,
    })
  })
})

describe('countEntries', () => {
  it('counts what the server will look up, across line endings', () => {
    expect(countEntries('@alpha\r\n\n  \r@beta\n@gamma')).toBe(3)
    expect(countEntries('   ')).toBe(0)
    // Two channels on one line are two entries; a line of prose is one.
    expect(countEntries('@alpha, @beta\nhello world')).toBe(3)
  })
})
