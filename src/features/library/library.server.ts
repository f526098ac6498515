import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { isoTime } from '~/db/iso-time.server'
import { anime, channel, type EntryKind, group, groupItem, libraryEntry } from '~/db/schema'
import { pickAnimeAiring } from '~/features/catalogue/anime-airing.schemas'
import { animeAiringJsonPairs } from '~/features/catalogue/anime-airing.server'
import { toGroupColor } from '~/features/groups/groups.schemas'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { type EntryRow, entryColumns } from './entry-rows.server'
import {
  LIBRARY_HEAD_SIZE,
  type LibraryEntry,
  type LibraryEntryDetail,
  type LibraryHead,
} from './library.schemas'

/* Every query is scoped by the actor; another user's entry is ENTRY_NOT_FOUND, so an id reveals nothing. */

type ListedEntry = Omit<LibraryEntry, 'groupIds'>

/** One entry as the library lists it, built by the database as a single JSON value. */
const listedEntryJson = sql`json_build_object(
  'id', ${libraryEntry.id},
  'kind', ${libraryEntry.kind},
  'title', ${libraryEntry.displayTitle},
  'originalTitle', coalesce(${channel.title}, ${anime.title}, ''),
  'alias', ${libraryEntry.alias},
  'imageUrl', coalesce(${channel.avatarUrl}, ${anime.posterUrl}),
  'sourceId', coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId}),
  'handle', ${channel.handle},
  'subscriberCount', case when ${channel.hiddenSubscriberCount} then null else ${channel.subscriberCount} end,
  'hiddenSubscriberCount', coalesce(${channel.hiddenSubscriberCount}, false),
  'year', ${anime.year},
  'score', ${anime.score},
  ${animeAiringJsonPairs},
  'tags', ${libraryEntry.tags},
  'addedAt', ${isoTime(libraryEntry.addedAt)},
  'version', ${libraryEntry.version}
)`

const libraryScope = (actor: Actor, kind: EntryKind) =>
  and(eq(libraryEntry.userId, actor.id), eq(libraryEntry.kind, kind))

/**
 * Two queries whatever the size, each answering one JSON value built by the database: one value crosses
 * the driver (PGlite above all) far faster than thousands of rows.
 */
export async function listLibrary(
  db: Database,
  actor: Actor,
  input: { kind: EntryKind },
): Promise<{ entries: LibraryEntry[] }> {
  const scope = libraryScope(actor, input.kind)
  const memberships = db
    .select({
      entryId: groupItem.entryId,
      groupIds: sql`json_agg(${groupItem.groupId} order by ${groupItem.addedAt})`.as('group_ids'),
    })
    .from(groupItem)
    .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
    .where(scope)
    .groupBy(groupItem.entryId)
    .as('memberships')
  const [[listed], [grouped]] = await Promise.all([
    db
      .select({
        entries: sql<
          ListedEntry[]
        >`coalesce(json_agg(${listedEntryJson} order by ${libraryEntry.addedAt}, ${libraryEntry.id}), '[]'::json)`,
      })
      .from(libraryEntry)
      .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
      .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
      .where(scope),
    db
      .select({
        byEntry: sql<
          Record<string, string[]>
        >`coalesce(json_object_agg(${memberships.entryId}, ${memberships.groupIds}), '{}'::json)`,
      })
      .from(memberships),
  ])
  const groupsOf = grouped?.byEntry ?? {}
  return {
    entries: (listed?.entries ?? []).map((row) => ({ ...row, groupIds: groupsOf[row.id] ?? [] })),
  }
}

/**
 * By title, as the browser's collator sorts, via an index range, so the first paint does not grow with
 * the library; the whole library follows after it.
 */
export async function listLibraryHead(
  db: Database,
  actor: Actor,
  input: { kind: EntryKind },
): Promise<LibraryHead> {
  const scope = libraryScope(actor, input.kind)
  const groupIds = db
    .select({
      ids: sql`coalesce(json_agg(${groupItem.groupId} order by ${groupItem.addedAt}), '[]'::json)`,
    })
    .from(groupItem)
    .where(eq(groupItem.entryId, libraryEntry.id))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        entry: sql<ListedEntry>`${listedEntryJson}`,
        groupIds: sql<string[]>`(${groupIds})`,
      })
      .from(libraryEntry)
      .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
      .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
      .where(scope)
      .orderBy(libraryEntry.displayTitle, libraryEntry.id)
      .limit(LIBRARY_HEAD_SIZE),
    db.select({ total: count() }).from(libraryEntry).where(scope),
  ])
  const chipIds = [...new Set(rows.flatMap((row) => row.groupIds))]
  const groups =
    chipIds.length === 0
      ? []
      : await db
          .select({ id: group.id, name: group.name, icon: group.icon, color: group.color })
          .from(group)
          .where(and(eq(group.ownerId, actor.id), inArray(group.id, chipIds)))
  return {
    entries: rows.map((row) => ({ ...row.entry, groupIds: row.groupIds })),
    total: counted?.total ?? 0,
    groups: groups.map((row) => ({ ...row, color: toGroupColor(row.color) })),
  }
}

function toEntry(row: EntryRow, groupIds: string[]): LibraryEntry {
  const originalTitle = row.channelTitle ?? row.animeTitle ?? ''
  return {
    id: row.id,
    kind: row.kind,
    title: row.alias ?? originalTitle,
    originalTitle,
    alias: row.alias,
    imageUrl: row.avatarUrl ?? row.posterUrl,
    sourceId: row.channelId ?? row.animeId ?? '',
    handle: row.handle,
    subscriberCount: row.hiddenSubscriberCount ? null : row.subscriberCount,
    hiddenSubscriberCount: row.hiddenSubscriberCount ?? false,
    year: row.year,
    score: row.score,
    ...pickAnimeAiring(row),
    tags: row.tags,
    groupIds,
    addedAt: row.addedAt.toISOString(),
    version: row.version,
  }
}

/** The groups an entry sits in, in the order it was put there. */
async function entryGroupIds(db: Database, entryId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupItem.groupId })
    .from(groupItem)
    .where(eq(groupItem.entryId, entryId))
    .orderBy(groupItem.addedAt)
  return rows.map((row) => row.groupId)
}

export async function getEntry(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<LibraryEntryDetail> {
  const [row] = await db
    .select({
      ...entryColumns,
      notes: libraryEntry.notes,
      channelDescription: channel.description,
      animeDescription: anime.description,
      genres: anime.genres,
    })
    .from(libraryEntry)
    .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
    .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
    .where(and(eq(libraryEntry.id, input.id), eq(libraryEntry.userId, actor.id)))
    .limit(1)
  if (!row) throw new AppError('ENTRY_NOT_FOUND')
  return {
    ...toEntry(row, await entryGroupIds(db, row.id)),
    notes: row.notes,
    description: row.channelDescription ?? row.animeDescription ?? '',
    genres: row.genres ?? [],
  }
}
