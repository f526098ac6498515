import { and, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { anime, channel, type EntryKind, group, groupItem, libraryEntry } from '~/db/schema'
import { type GroupRow, lockTree, requireGroup } from '~/features/groups/access.server'
import { type OwnedActivityLine, recordActivityLines } from '~/features/groups/activity.server'
import {
  animeAiringColumns,
  animeAiringJsonPairs,
  isoTime,
} from '~/features/groups/anime-airing.server'
import {
  type AddResult,
  type AnimeAiring,
  pickAnimeAiring,
} from '~/features/groups/entries.schemas'
import { toGroupColor } from '~/features/groups/groups.schemas'
import { appendKeys } from '~/features/groups/positions'
import { AppError } from '~/lib/app-error'
import { parseSeriesUrl, titleFromSlug } from '~/lib/crunchyroll-urls'
import { type ChannelRef, parseChannelLines, refKey } from '~/lib/youtube-urls'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getAnilist } from '~/server/integrations/anilist.server'
import type { YoutubeChannel } from '~/server/integrations/youtube.server'
import { displayTitle, upsertChannels } from '~/server/youtube/catalogue.server'
import { youtubeFor } from '~/server/youtube/youtube-client.server'
import {
  type AnimePreview,
  LIBRARY_HEAD_SIZE,
  type LibraryEntry,
  type LibraryEntryDetail,
  type LibraryHead,
  PASTE_LINES_MAX,
  type ResolvedChannel,
  type ResolvedLine,
  type ResolveStatus,
} from './library.schemas'

/*
 * The library: a user's own channels and animes. Every query is scoped by
 * the actor; another user's entry is ENTRY_NOT_FOUND, another user's group
 * GROUP_NOT_FOUND (through requireGroup), so an id reveals nothing.
 */

type Placement = { group: GroupRow; entries: { id: string; title: string }[] }

/** The columns every entry DTO needs: the entry and its catalogue row. */
const entryColumns = {
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

type EntryRow = AnimeAiring & {
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

function entrySelect(db: Database) {
  return db
    .select(entryColumns)
    .from(libraryEntry)
    .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
    .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
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

function titleOf(row: {
  alias: string | null
  channelTitle: string | null
  animeTitle: string | null
}) {
  return row.alias ?? row.channelTitle ?? row.animeTitle ?? ''
}

type ActivityTarget = { id: string; ownerId: string; name: string }

/** Same details as the groups side writes: the group's name, the count, the title of a lone item. */
function itemActivity(
  target: ActivityTarget,
  action: 'item.added' | 'item.removed',
  titles: string[],
): OwnedActivityLine {
  const [only] = titles
  return {
    ownerId: target.ownerId,
    groupId: target.id,
    action,
    details:
      titles.length === 1 && only !== undefined
        ? { name: target.name, count: 1, title: only || null }
        : { name: target.name, count: titles.length },
  }
}

/**
 * Appends entries at the end of groups, skipping those already there, and
 * returns the activity rows to record. Each tree is locked first (as the
 * groups side does) so two appends cannot pick the same last position.
 */
async function placeEntries(
  db: Database,
  actor: Actor,
  placements: Placement[],
): Promise<{ added: number; activity: OwnedActivityLine[] }> {
  const groupIds = [...new Set(placements.map((placement) => placement.group.id))].sort()
  const entryIds = [...new Set(placements.flatMap((p) => p.entries.map((entry) => entry.id)))]
  if (groupIds.length === 0 || entryIds.length === 0) return { added: 0, activity: [] }
  const owners = [...new Set(placements.map((placement) => placement.group.ownerId))].sort()
  for (const ownerId of owners) await lockTree(db, ownerId)
  // Sequential: inside a transaction both share one connection.
  const present = await db
    .select({ groupId: groupItem.groupId, entryId: groupItem.entryId })
    .from(groupItem)
    .where(and(inArray(groupItem.groupId, groupIds), inArray(groupItem.entryId, entryIds)))
  const lasts = await db
    .select({ groupId: groupItem.groupId, last: max(groupItem.position) })
    .from(groupItem)
    .where(inArray(groupItem.groupId, groupIds))
    .groupBy(groupItem.groupId)
  const there = new Set(present.map((row) => `${row.groupId}/${row.entryId}`))
  const lastOf = new Map(lasts.map((row) => [row.groupId, row.last]))
  const items: (typeof groupItem.$inferInsert)[] = []
  const activity: OwnedActivityLine[] = []
  for (const { group: target, entries } of placements) {
    const fresh = entries.filter((entry) => !there.has(`${target.id}/${entry.id}`))
    if (fresh.length === 0) continue
    const keys = appendKeys(lastOf.get(target.id), fresh.length)
    lastOf.set(target.id, keys.at(-1) ?? null)
    fresh.forEach((entry, index) => {
      there.add(`${target.id}/${entry.id}`)
      items.push({
        groupId: target.id,
        entryId: entry.id,
        position: keys[index] ?? '',
        addedBy: actor.id,
      })
    })
    activity.push(
      itemActivity(
        target,
        'item.added',
        fresh.map((entry) => entry.title),
      ),
    )
  }
  if (items.length > 0) await db.insert(groupItem).values(items)
  return { added: items.length, activity }
}

/** The actor's entry, or ENTRY_NOT_FOUND (also for someone else's). */
async function requireEntry(db: Database, actor: Actor, id: string): Promise<EntryRow> {
  const [row] = await entrySelect(db)
    .where(and(eq(libraryEntry.id, id), eq(libraryEntry.userId, actor.id)))
    .limit(1)
  if (!row) throw new AppError('ENTRY_NOT_FOUND')
  return row
}

async function entryGroupIds(db: Database, entryId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupItem.groupId })
    .from(groupItem)
    .where(eq(groupItem.entryId, entryId))
    .orderBy(groupItem.addedAt)
  return rows.map((row) => row.groupId)
}

/* Reading and editing */

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
 * The whole library of one kind in two queries, whatever its size: the
 * entries with their catalogue facts, and their group ids aggregated once.
 * Each answer is one JSON value built by the database: handing over one value
 * instead of 10,000 rows of columns is several times faster (on PGlite above all).
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
 * The first screen of a library in the screen's default order (by title, as
 * the browser's collator sorts), and how many entries there are: an index
 * range of `LIBRARY_HEAD_SIZE` rows, so a page with 10,000 channels renders
 * as fast as one with 40. The whole library follows after the first paint.
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

/** `edit/{id}/`: alias, notes, tags, refused when made from a stale version. */
export async function updateEntry(
  db: Database,
  actor: Actor,
  input: { id: string; version: number; alias: string; notes: string; tags: string[] },
): Promise<LibraryEntryDetail> {
  const updated = await db
    .update(libraryEntry)
    .set({
      alias: input.alias === '' ? null : input.alias,
      notes: input.notes,
      tags: input.tags,
      version: sql`${libraryEntry.version} + 1`,
    })
    .where(
      and(
        eq(libraryEntry.id, input.id),
        eq(libraryEntry.userId, actor.id),
        eq(libraryEntry.version, input.version),
      ),
    )
    .returning({ id: libraryEntry.id })
  if (updated.length === 0) {
    await requireEntry(db, actor, input.id)
    throw new AppError('STALE_VERSION')
  }
  return getEntry(db, actor, { id: input.id })
}

/**
 * Takes entries out of the library (their group items go with them, by
 * cascade). All or nothing: one id that is not the actor's refuses the lot.
 */
export async function removeEntries(
  db: Database,
  actor: Actor,
  input: { ids: string[] },
): Promise<{ removed: number }> {
  const ids = [...new Set(input.ids)]
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({
        id: libraryEntry.id,
        alias: libraryEntry.alias,
        channelTitle: channel.title,
        animeTitle: anime.title,
      })
      .from(libraryEntry)
      .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
      .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
      .where(and(eq(libraryEntry.userId, actor.id), inArray(libraryEntry.id, ids)))
    if (owned.length !== ids.length) throw new AppError('ENTRY_NOT_FOUND')
    const titles = new Map(owned.map((row) => [row.id, titleOf(row)]))
    const placed = await tx
      .select({
        groupId: groupItem.groupId,
        ownerId: group.ownerId,
        name: group.name,
        entryId: groupItem.entryId,
      })
      .from(groupItem)
      .innerJoin(group, eq(group.id, groupItem.groupId))
      .where(inArray(groupItem.entryId, ids))
    const perGroup = new Map<string, { target: ActivityTarget; titles: string[] }>()
    for (const row of placed) {
      const bucket = perGroup.get(row.groupId) ?? {
        target: { id: row.groupId, ownerId: row.ownerId, name: row.name },
        titles: [],
      }
      bucket.titles.push(titles.get(row.entryId) ?? '')
      perGroup.set(row.groupId, bucket)
    }
    await tx
      .delete(libraryEntry)
      .where(and(eq(libraryEntry.userId, actor.id), inArray(libraryEntry.id, ids)))
    await recordActivityLines(
      tx,
      actor,
      [...perGroup.values()].map((bucket) =>
        itemActivity(bucket.target, 'item.removed', bucket.titles),
      ),
    )
    return { removed: ids.length }
  })
}

/**
 * `change-group/{id}/`: afterwards the entry is in exactly `groupIds`, new
 * ones at the end of each group. Groups the actor may not edit are refused.
 */
export async function setEntryGroups(
  db: Database,
  actor: Actor,
  input: { id: string; groupIds: string[] },
): Promise<{ groupIds: string[] }> {
  const wanted = [...new Set(input.groupIds)]
  return db.transaction(async (tx) => {
    const entry = await requireEntry(tx, actor, input.id)
    const current = await tx
      .select({ id: groupItem.groupId, ownerId: group.ownerId, name: group.name })
      .from(groupItem)
      .innerJoin(group, eq(group.id, groupItem.groupId))
      .where(eq(groupItem.entryId, entry.id))
    const currentIds = new Set(current.map((row) => row.id))
    const wantedIds = new Set(wanted)
    const placements: Placement[] = []
    for (const groupId of wanted) {
      if (currentIds.has(groupId)) continue
      const access = await requireGroup(tx, actor.id, groupId, 'edit')
      // An entry belongs to one library: shared groups take channels through add-channel.
      if (access.group.ownerId !== actor.id) throw new AppError('GROUP_NOT_FOUND')
      placements.push({ group: access.group, entries: [{ id: entry.id, title: titleOf(entry) }] })
    }
    const leaving = current.filter((row) => !wantedIds.has(row.id))
    const { activity } = await placeEntries(tx, actor, placements)
    if (leaving.length > 0) {
      await tx.delete(groupItem).where(
        and(
          eq(groupItem.entryId, entry.id),
          inArray(
            groupItem.groupId,
            leaving.map((row) => row.id),
          ),
        ),
      )
      for (const row of leaving) {
        activity.push(itemActivity(row, 'item.removed', [titleOf(entry)]))
      }
    }
    await recordActivityLines(tx, actor, activity)
    return { groupIds: wanted }
  })
}

/* Adding channels */

function toResolvedChannel(row: YoutubeChannel): ResolvedChannel {
  return {
    id: row.id,
    title: displayTitle(row),
    handle: row.handle,
    avatarUrl: row.avatarUrl,
    subscriberCount: row.hiddenSubscriberCount ? null : row.subscriberCount,
    hiddenSubscriberCount: row.hiddenSubscriberCount,
  }
}

/**
 * Add-channel, step 1: what each pasted line is and what adding it would do.
 * Only the shared catalogue is written; nothing of the user's.
 */
export async function resolveChannels(
  db: Database,
  actor: Actor,
  input: { text: string; groupId: string | null },
): Promise<ResolvedLine[]> {
  const parsed = parseChannelLines(input.text)
  if (parsed.length > PASTE_LINES_MAX) throw new AppError('VALIDATION', { max: PASTE_LINES_MAX })
  const target = input.groupId ? await requireGroup(db, actor.id, input.groupId, 'view') : null

  const seenRefs = new Set<string>()
  const refs: ChannelRef[] = []
  const lines = parsed.map((line) => {
    if (!line.ref) return { line, key: null, repeat: false }
    const key = refKey(line.ref)
    const repeat = seenRefs.has(key)
    if (!repeat) {
      seenRefs.add(key)
      refs.push(line.ref)
    }
    return { line, key, repeat }
  })
  const found =
    refs.length > 0 ? await youtubeFor(db, 'lookup').resolve(refs) : new Map<string, null>()

  const channels = new Map<string, YoutubeChannel>()
  for (const row of found.values()) if (row) channels.set(row.id, row)
  await upsertChannels(db, [...channels.values()])

  const channelIds = [...channels.keys()]
  // A shared group draws on its owner's library: "already there" is about theirs.
  const libraryOwner = target?.group.ownerId ?? actor.id
  const entries =
    channelIds.length === 0
      ? []
      : await db
          .select({ id: libraryEntry.id, channelId: libraryEntry.channelId })
          .from(libraryEntry)
          .where(
            and(eq(libraryEntry.userId, libraryOwner), inArray(libraryEntry.channelId, channelIds)),
          )
  const entryOf = new Map(entries.map((row) => [row.channelId, row.id]))
  const inGroup = new Set<string>()
  if (target && entries.length > 0) {
    const items = await db
      .select({ entryId: groupItem.entryId })
      .from(groupItem)
      .where(
        and(
          eq(groupItem.groupId, target.group.id),
          inArray(
            groupItem.entryId,
            entries.map((row) => row.id),
          ),
        ),
      )
    for (const item of items) inGroup.add(item.entryId)
  }

  const seenChannels = new Set<string>()
  return lines.map(({ line, key, repeat }): ResolvedLine => {
    const base = { line: line.line, input: line.input }
    if (key === null) return { ...base, status: 'notChannel', channel: null }
    const row = found.get(key) ?? null
    if (repeat) return { ...base, status: 'duplicate', channel: row && toResolvedChannel(row) }
    if (!row) return { ...base, status: 'notFound', channel: null }
    let status: ResolveStatus = 'new'
    // Two spellings of one channel (an @handle and its /channel/ URL) are one line too many.
    if (seenChannels.has(row.id)) status = 'duplicate'
    else {
      seenChannels.add(row.id)
      const entryId = entryOf.get(row.id)
      if (entryId) status = inGroup.has(entryId) ? 'inGroup' : 'inLibrary'
    }
    return { ...base, status, channel: toResolvedChannel(row) }
  })
}

/**
 * Add-channel, step 2: catalogue channels into the library and, with a
 * group, at the end of that group. `added` / `alreadyThere` count the group
 * when one is given, else the library.
 */
export async function addChannels(
  db: Database,
  actor: Actor,
  input: { channelIds: string[]; groupId: string | null },
): Promise<AddResult> {
  const ids = [...new Set(input.channelIds)]
  const target = input.groupId ? await requireGroup(db, actor.id, input.groupId, 'edit') : null
  const known = await db
    .select({ id: channel.id, title: channel.title })
    .from(channel)
    .where(inArray(channel.id, ids))
  // Only resolved channels exist in the catalogue: anything else was never looked up.
  if (known.length !== ids.length) throw new AppError('VALIDATION')
  // Items of a tree are entries of its owner: an editor adds to the owner's library.
  const libraryOwner = target?.group.ownerId ?? actor.id
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(libraryEntry)
      .values(ids.map((id) => ({ userId: libraryOwner, kind: 'channel' as const, channelId: id })))
      .onConflictDoNothing()
      .returning({ id: libraryEntry.id })
    if (!target) return { added: inserted.length, alreadyThere: ids.length - inserted.length }
    const entries = await tx
      .select({ id: libraryEntry.id, alias: libraryEntry.alias, title: channel.title })
      .from(libraryEntry)
      .innerJoin(channel, eq(channel.id, libraryEntry.channelId))
      .where(and(eq(libraryEntry.userId, libraryOwner), inArray(libraryEntry.channelId, ids)))
    const { added, activity } = await placeEntries(tx, actor, [
      {
        group: target.group,
        entries: entries.map((row) => ({ id: row.id, title: row.alias ?? row.title })),
      },
    ])
    await recordActivityLines(tx, actor, activity)
    return { added, alreadyThere: entries.length - added }
  })
}

/* Adding animes */

function toPreview(row: typeof anime.$inferSelect): AnimePreview {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    posterUrl: row.posterUrl,
    year: row.year,
    episodes: row.episodes,
    genres: row.genres,
    score: row.score,
  }
}

function seriesFromUrl(url: string): { id: string; slug: string } {
  const series = parseSeriesUrl(url)
  if (!series) throw new AppError('ANIME_URL_INVALID')
  return series
}

/** The catalogue row of a series, written on first sight and enriched once. */
async function catalogueAnime(
  db: Database,
  series: { id: string; slug: string },
): Promise<typeof anime.$inferSelect> {
  const [existing] = await db.select().from(anime).where(eq(anime.id, series.id)).limit(1)
  if (existing?.lastSyncedAt) return existing
  const title = titleFromSlug(series.slug)
  // AniList only enriches: when it is down or knows nothing (null) the slug's title stays.
  const meta = await getAnilist().findAnime(title)
  if (existing && !meta) return existing
  const values = {
    slug: series.slug,
    // AniList's title keeps the punctuation a slug loses ("Frieren: Beyond Journey's End").
    title: meta?.title || title,
    ...(meta && {
      description: meta.description,
      posterUrl: meta.posterUrl,
      anilistId: meta.anilistId,
      seasons: meta.seasons,
      episodes: meta.episodes,
      year: meta.year,
      genres: meta.genres,
      score: meta.score,
      status: meta.status,
      nextEpisode: meta.nextEpisode,
      nextAiringAt: meta.nextAiringAt,
      lastSyncedAt: new Date(),
    }),
  }
  const [row] = await db
    .insert(anime)
    .values({ id: series.id, ...values })
    .onConflictDoUpdate({ target: anime.id, set: values })
    .returning()
  if (!row) throw new AppError('INTERNAL')
  return row
}

/** The preview before adding (writes only the shared catalogue). */
export async function resolveAnime(
  db: Database,
  _actor: Actor,
  input: { url: string },
): Promise<AnimePreview> {
  return toPreview(await catalogueAnime(db, seriesFromUrl(input.url)))
}

/**
 * Adds a series to the library; with a group, puts it there too (an anime
 * already in the library is then simply placed in the group).
 */
export async function addAnime(
  db: Database,
  actor: Actor,
  input: { url: string; groupId: string | null },
): Promise<{ entryId: string }> {
  const series = seriesFromUrl(input.url)
  const target = input.groupId ? await requireGroup(db, actor.id, input.groupId, 'edit') : null
  const row = await catalogueAnime(db, series)
  const libraryOwner = target?.group.ownerId ?? actor.id
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(libraryEntry)
      .values({ userId: libraryOwner, kind: 'anime', animeId: row.id })
      .onConflictDoNothing()
      .returning({ id: libraryEntry.id, alias: libraryEntry.alias })
    if (!inserted && !target) throw new AppError('ANIME_EXISTS')
    const [entry] = inserted
      ? [inserted]
      : await tx
          .select({ id: libraryEntry.id, alias: libraryEntry.alias })
          .from(libraryEntry)
          .where(and(eq(libraryEntry.userId, libraryOwner), eq(libraryEntry.animeId, row.id)))
    if (!entry) throw new AppError('INTERNAL')
    if (target) {
      const { activity } = await placeEntries(tx, actor, [
        { group: target.group, entries: [{ id: entry.id, title: entry.alias ?? row.title }] },
      ])
      await recordActivityLines(tx, actor, activity)
    }
    return { entryId: entry.id }
  })
}
