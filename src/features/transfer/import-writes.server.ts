import { eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { groupNameKey } from '~/db/name-key'
import { firstRow } from '~/db/raw-rows.server'
import { anime, channel, group, groupItem, libraryEntry } from '~/db/schema'
import { clipName } from '~/features/groups/group-names'
import { appendKeys, compareKeys } from '~/features/groups/positions'
import { ALIAS_MAX } from '~/features/library/entries.schemas'
import { refInput } from '~/lib/youtube-urls'
import { yieldToRequests } from '~/server/jobs/yield-to-requests'
import { type ExistingGroup, isId, type Plan, problemInput, type Target } from './import-plan'
import type { Resolved } from './import-store.server'
import type { ImportChannel, ImportItemRef, ImportModel, ImportProblem } from './transfer.schemas'

/*
 * An import's bulk statements: one JSON parameter per chunk, never a round trip per row. Catalogue and
 * library are staged chunk by chunk; groups, items and extras are written in the apply's last transaction.
 */

const WRITE_CHUNK = 5000
const TITLE_MAX = 500

/** Only image hosts YouTube, AniList and Crunchyroll use: a file must not plant a tracker in the shared catalogue. */
const IMAGE_HOSTS = [
  'ggpht.com',
  'googleusercontent.com',
  'ytimg.com',
  'anilist.co',
  'crunchyroll.com',
]

const pairsSchema = z.array(z.tuple([z.string(), z.string().nullable()]))

export type EntryRow = {
  kind: 'channel' | 'anime'
  channel_id: string | null
  anime_id: string | null
  alias: string | null
  notes: string
  tags: string[]
}
type GroupRow = {
  id: string
  parent_id: string | null
  name: string
  name_key: string
  description: string
  icon: string | null
  color: string | null
  position: string
}

function jsonParam(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::json`
}

/**
 * The ids YouTube has answered for; a row only an import file wrote is not one, so it is still looked up.
 * Read outside any transaction, yielding to requests between chunks.
 */
export async function confirmedIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (const part of chunks(ids, WRITE_CHUNK)) {
    await yieldToRequests()
    const [row] = await db
      .select({ ids: sql<string[]>`coalesce(json_agg(${channel.id}), '[]'::json)` })
      .from(channel)
      .where(
        sql`${channel.confirmed} and ${channel.id} in (select json_array_elements_text(${jsonParam(part)}))`,
      )
    for (const id of row?.ids ?? []) found.add(id)
  }
  return found
}

function safeImageUrl(value: string | null): string | null {
  if (value === null || value.length > 2000) return null
  try {
    const url = new URL(value)
    const host = url.hostname.toLowerCase()
    const allowed = IMAGE_HOSTS.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
    return url.protocol === 'https:' && allowed ? url.href : null
  } catch {
    return null
  }
}

/** With a `lookupIssue` (YouTube stopped answering), a handle never asked about is pending, not "not found". */
export function collectEntries(
  model: ImportModel,
  resolved: Resolved,
  lookupIssue: string | null = null,
) {
  const channelOf = new Map<string, string>()
  // What the file calls each channel: never catalogue text, at most the importer's own alias.
  const fileTitles = new Map<string, string>()
  const entries = new Map<string, EntryRow>()
  const notFound: ImportProblem[] = []
  const pending: ImportChannel[] = []
  for (const entry of model.channels) {
    const id = isId(entry.ref) ? entry.ref.id : resolved[entry.key]
    if (id === undefined && lookupIssue !== null) {
      pending.push(entry)
      continue
    }
    if (!id) {
      notFound.push({
        line: null,
        code: entry.ref.kind === 'video' ? 'videoNotFound' : 'notChannel',
        input: problemInput(refInput(entry.ref)),
      })
      continue
    }
    channelOf.set(entry.key, id)
    const title = entry.title ? clipName(entry.title, TITLE_MAX) : ''
    if (!fileTitles.has(id) || (fileTitles.get(id) === '' && title !== '')) {
      fileTitles.set(id, title)
    }
    const key = `channel:${id}`
    if (!entries.has(key) || entry.extras) {
      entries.set(key, {
        kind: 'channel',
        channel_id: id,
        anime_id: null,
        alias: entry.extras?.alias || null,
        notes: entry.extras?.notes ?? '',
        tags: entry.extras?.tags ?? [],
      })
    }
  }
  for (const item of model.animes) {
    entries.set(`anime:${item.key}`, {
      kind: 'anime',
      channel_id: null,
      anime_id: item.key,
      alias: item.extras?.alias || null,
      notes: item.extras?.notes ?? '',
      tags: item.extras?.tags ?? [],
    })
  }
  return { channelOf, fileTitles, entries: [...entries.values()], notFound, pending }
}

/**
 * Rows YouTube did not give get an unconfirmed placeholder with nothing from the file (the id as title, no
 * avatar): every user sees only what YouTube said, and a later look-up still asks YouTube.
 */
export async function writeCatalogue(
  tx: Database,
  channelIds: readonly string[],
  animes: ImportModel['animes'],
) {
  for (const part of chunks(channelIds, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${channel} (id, title, confirmed)
      select x.id, x.id, false
      from json_array_elements_text(${jsonParam(part)}) as x(id)
      on conflict (id) do nothing`)
  }
  const animeRows = animes.map((item) => ({
    id: item.key,
    slug: item.slug,
    title: clipName(item.title || item.slug, TITLE_MAX),
    poster_url: safeImageUrl(item.posterUrl),
  }))
  for (const part of chunks(animeRows, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${anime} (id, slug, title, poster_url)
      select x.id, x.slug, x.title, x.poster_url
      from json_to_recordset(${jsonParam(part)})
        as x(id text, slug text, title text, poster_url text)
      on conflict (id) do nothing`)
  }
}

/**
 * UUIDv7-shaped, increasing ids: entries of one statement share `created_at`, so ordering by id keeps the
 * file's order. Also cheaper than gen_random_uuid() per row on PGlite.
 */
function increasingIds(): () => string {
  const time = Date.now().toString(16).padStart(12, '0').slice(-12)
  let counter = 0
  return () => {
    const hi = ((counter >> 12) & 0xfff).toString(16).padStart(3, '0')
    const lo = (counter & 0xfff).toString(16).padStart(3, '0')
    counter += 1
    const tail = crypto.randomUUID().slice(-12)
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hi}-8${lo}-${tail}`
  }
}

/**
 * None into another person's tree (private fields). In one's own, an unconfirmed channel keeps the file's
 * title as alias, the only place that text is shown (to this user alone).
 */
export function privateFields(
  entries: readonly EntryRow[],
  options: {
    own: boolean
    confirmed: ReadonlySet<string>
    fileTitles: ReadonlyMap<string, string>
  },
): EntryRow[] {
  if (!options.own) return entries.map((entry) => ({ ...entry, alias: null, notes: '', tags: [] }))
  return entries.map((entry) => {
    const id = entry.channel_id
    if (entry.alias || id === null || options.confirmed.has(id)) return entry
    const title = options.fileTitles.get(id)
    return title && title !== id ? { ...entry, alias: clipName(title, ALIAS_MAX) } : entry
  })
}

/** Entries the user already has are kept as they are. */
export async function addEntries(
  tx: Database,
  ownerId: string,
  importId: string,
  entries: readonly EntryRow[],
): Promise<void> {
  const nextId = increasingIds()
  const rows = entries.map((entry) => ({ ...entry, id: nextId() }))
  await tx.execute(sql`insert into ${libraryEntry}
      (id, user_id, kind, channel_id, anime_id, alias, notes, tags, import_id)
    select x.id, ${ownerId}, x.kind, x.channel_id, x.anime_id, x.alias, x.notes, x.tags, ${importId}
    from json_to_recordset(${jsonParam(rows)})
      as x(id uuid, kind text, channel_id text, anime_id text, alias text, notes text, tags jsonb)
    on conflict do nothing`)
}

/** Fills only empty fields. Written with the tree, so a failed import leaves them as they were. */
export async function fillExtras(tx: Database, ownerId: string, entries: readonly EntryRow[]) {
  const withExtras = entries.filter((entry) => entry.alias || entry.notes || entry.tags.length > 0)
  for (const part of chunks(withExtras, WRITE_CHUNK)) {
    await tx.execute(sql`update ${libraryEntry} le set
        alias = coalesce(le.alias, x.alias),
        notes = case when le.notes = '' then x.notes else le.notes end,
        tags = case when jsonb_array_length(le.tags) = 0 then x.tags else le.tags end,
        version = le.version + 1,
        updated_at = now()
      from json_to_recordset(${jsonParam(part)})
        as x(kind text, channel_id text, anime_id text, alias text, notes text, tags jsonb)
      where le.user_id = ${ownerId} and le.kind = x.kind
        and coalesce(le.channel_id, le.anime_id) = coalesce(x.channel_id, x.anime_id)
        and ((le.alias is null and x.alias is not null)
          or (le.notes = '' and x.notes <> '')
          or (jsonb_array_length(le.tags) = 0 and jsonb_array_length(x.tags) > 0))`)
  }
}

export async function entryIds(tx: Database, ownerId: string): Promise<Map<string, string>> {
  const [all] = await tx
    .select({
      pairs: sql<unknown>`coalesce(json_agg(json_build_array(
        ${libraryEntry.kind} || ':' || coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId}),
        ${libraryEntry.id})), '[]'::json)`,
    })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, ownerId))
  const entryOf = new Map<string, string>()
  for (const [key, id] of pairsSchema.parse(all?.pairs ?? [])) if (id) entryOf.set(key, id)
  return entryOf
}

/** The planned groups not merged into existing ones, after their parent's last child, in file order. */
export async function writeGroups(
  tx: Database,
  ownerId: string,
  plan: Plan,
  existing: readonly ExistingGroup[],
): Promise<{ created: Set<string>; targets: Target[] }> {
  const lastChild = new Map<string | null, string>()
  for (const row of existing) {
    const last = lastChild.get(row.parentId)
    if (last === undefined || compareKeys(row.position, last) > 0) {
      lastChild.set(row.parentId, row.position)
    }
  }
  const rows: GroupRow[] = []
  const targets: Target[] = []
  // Parents before children, so each row's parent exists when it is inserted.
  const walk = (target: Target) => {
    targets.push(target)
    const fresh = target.children.filter((node) => !node.merged)
    const keys = appendKeys(lastChild.get(target.id), fresh.length)
    fresh.forEach((node, at) => {
      rows.push({
        id: node.own.id ?? '',
        parent_id: target.id,
        name: node.name,
        name_key: groupNameKey(node.name),
        description: node.description,
        icon: node.icon,
        color: node.color,
        position: keys[at] ?? '',
      })
    })
    for (const node of target.children) walk(node.own)
  }
  walk(plan.root)
  for (const part of chunks(rows, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${group}
        (id, owner_id, parent_id, name, name_key, description, icon, color, position)
      select x.id, ${ownerId}, x.parent_id, x.name, x.name_key, x.description, x.icon, x.color, x.position
      from json_to_recordset(${jsonParam(part)}) as x(id uuid, parent_id uuid, name text,
        name_key text, description text, icon text, color text, position text)`)
  }
  return { created: new Set(rows.map((row) => row.id)), targets }
}

/** Appends each target's items in file order, skipping what a group already holds. */
export async function placeItems(
  tx: Database,
  actorId: string,
  targets: readonly Target[],
  created: ReadonlySet<string>,
  entryIdOf: (ref: ImportItemRef) => string | undefined,
): Promise<number> {
  const existingTargets = targets.flatMap((target) =>
    target.id !== null && !created.has(target.id) && target.items.length > 0 ? [target.id] : [],
  )
  const present = new Set<string>()
  const lastItem = new Map<string, string>()
  if (existingTargets.length > 0) {
    const ids = sql`(select (value)::uuid from json_array_elements_text(${jsonParam(existingTargets)}))`
    const found = firstRow(
      await tx.execute(sql`select
        (select coalesce(json_agg(json_build_array(gi.group_id, gi.entry_id)), '[]'::json)
          from ${groupItem} gi where gi.group_id in ${ids}) as present,
        (select coalesce(json_agg(json_build_array(m.group_id, m.last)), '[]'::json)
          from (select gi.group_id, max(gi.position) as last from ${groupItem} gi
            where gi.group_id in ${ids} group by gi.group_id) m) as lasts`),
    )
    for (const [groupId, entryId] of pairsSchema.parse(found.present)) {
      present.add(`${groupId}/${entryId}`)
    }
    for (const [groupId, last] of pairsSchema.parse(found.lasts)) {
      if (last !== null) lastItem.set(groupId, last)
    }
  }
  const rows: { g: string; e: string; p: string }[] = []
  for (const target of targets) {
    if (target.id === null) continue
    const groupId = target.id
    const fresh: string[] = []
    for (const ref of target.items) {
      const entryId = entryIdOf(ref)
      if (entryId === undefined || present.has(`${groupId}/${entryId}`)) continue
      present.add(`${groupId}/${entryId}`)
      fresh.push(entryId)
    }
    const keys = appendKeys(lastItem.get(groupId), fresh.length)
    fresh.forEach((entryId, at) => {
      rows.push({ g: groupId, e: entryId, p: keys[at] ?? '' })
    })
  }
  for (const part of chunks(rows, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${groupItem} (group_id, entry_id, position, added_by)
      select x.g, x.e, x.p, ${actorId}
      from json_to_recordset(${jsonParam(part)}) as x(g uuid, e uuid, p text)`)
  }
  return rows.length
}
