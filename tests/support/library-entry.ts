import type { LibraryEntry } from '../../src/features/library/library.schemas'

/** A library entry DTO as the server sends it: a channel with nothing optional known. */
export function libraryEntryDto(overrides: Partial<LibraryEntry> & { id: string }): LibraryEntry {
  return {
    kind: 'channel',
    title: `Channel ${overrides.id}`,
    originalTitle: `Channel ${overrides.id}`,
    alias: null,
    imageUrl: null,
    sourceId: `UC${overrides.id}`,
    handle: null,
    subscriberCount: null,
    hiddenSubscriberCount: false,
    year: null,
    score: null,
    status: null,
    episodes: null,
    nextEpisode: null,
    nextAiringAt: null,
    latestEpisode: null,
    latestEpisodeAt: null,
    tags: [],
    groupIds: [],
    addedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  }
}
