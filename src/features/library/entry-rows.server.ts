import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { anime, channel, type EntryKind, libraryEntry } from '~/db/schema'
import type { AnimeAiring } from '~/features/catalogue/anime-airing.schemas'
import { animeAiringColumns } from '~/features/catalogue/anime-airing.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'

/*
 * One library entry read as columns (the entry and its catalogue row), and
 * the lookup that scopes it to the actor: shared by reads and edits.
 */

/** The columns every entry DTO needs: the entry and its catalogue row. */
export const entryColumns = {
  id: libraryEntry.id,
  kind: libraryEntry.kind,
  channelId: libraryEntry.channelId,
  animeId: libraryEntry.animeId,
  alias: libraryEntry.alias,
  tags: libraryEntry.tags,
  version: libraryEntry.version,
  addedAt: libraryEntry.addedAt,
  channelTitle: channel.title,
  handle: channel.handle,
  avatarUrl: channel.avatarUrl,
  subscriberCount: channel.subscriberCount,
  hiddenSubscriberCount: channel.hiddenSubscriberCount,
  animeTitle: anime.title,
  posterUrl: anime.posterUrl,
  year: anime.year,
  score: anime.score,
  ...animeAiringColumns,
}

export type EntryRow = AnimeAiring & {
  id: string
  kind: EntryKind
  channelId: string | null
  animeId: string | null
  alias: string | null
  tags: string[]
  version: number
  addedAt: Date
  channelTitle: string | null
  handle: string | null
  avatarUrl: string | null
  subscriberCount: number | null
  hiddenSubscriberCount: boolean | null
  animeTitle: string | null
  posterUrl: string | null
  year: number | null
  score: number | null
}

/** The actor's entry, or ENTRY_NOT_FOUND (also for someone else's). */
export async function requireEntry(db: Database, actor: Actor, id: string): Promise<EntryRow> {
  const [row] = await db
    .select(entryColumns)
    .from(libraryEntry)
    .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
    .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
    .where(and(eq(libraryEntry.id, id), eq(libraryEntry.userId, actor.id)))
    .limit(1)
  if (!row) throw new AppError('ENTRY_NOT_FOUND')
  return row
}
