import { and, desc, eq, isNull } from 'drizzle-orm'
import { generateNKeysBetween } from 'fractional-indexing'
import type { Database } from '~/db/client.server'
import { groupNameKey } from '~/db/name-key'
import {
  anime,
  channel,
  group,
  groupItem,
  groupMember,
  libraryEntry,
  type MemberRole,
} from '~/db/schema'

// They write rows directly (no activity, no authorization): fixtures, not user actions.

export type CatalogueChannel = typeof channel.$inferInsert
export type CatalogueAnime = typeof anime.$inferInsert

/** A group to create, with its items (channel or anime catalogue ids) and children. */
export type TreeSpec = {
  name: string
  icon?: string | null
  color?: string | null
  description?: string
  items?: string[]
  children?: TreeSpec[]
}

const CHUNK = 1000

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK))
  }
}

export async function upsertCatalogue(
  db: Database,
  input: { channels?: CatalogueChannel[]; animes?: CatalogueAnime[] },
) {
  await insertChunked(input.channels ?? [], (rows) =>
    db.insert(channel).values(rows).onConflictDoNothing(),
  )
  await insertChunked(input.animes ?? [], (rows) =>
    db.insert(anime).values(rows).onConflictDoNothing(),
  )
}

export async function addToLibrary(
  db: Database,
  userId: string,
  input: { channelIds?: string[]; animeIds?: string[] },
): Promise<Map<string, string>> {
  const rows = [
    ...(input.channelIds ?? []).map((channelId) => ({
      userId,
      kind: 'channel' as const,
      channelId,
    })),
    ...(input.animeIds ?? []).map((animeId) => ({ userId, kind: 'anime' as const, animeId })),
  ]
  const ids = new Map<string, string>()
  await insertChunked(rows, async (chunk) => {
    const inserted = await db.insert(libraryEntry).values(chunk).returning({
      id: libraryEntry.id,
      channelId: libraryEntry.channelId,
      animeId: libraryEntry.animeId,
    })
    for (const row of inserted) ids.set(row.channelId ?? row.animeId ?? '', row.id)
  })
  return ids
}

/** `entries` maps catalogue ids to library entry ids; returns group ids by path ("Tech/Reviews/Phones"). */
export async function createTree(
  db: Database,
  ownerId: string,
  specs: TreeSpec[],
  entries: Map<string, string>,
  parent: { id: string | null; path: string } = { id: null, path: '' },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  const positions = generateNKeysBetween(null, null, specs.length)
  for (const [index, spec] of specs.entries()) {
    const [created] = await db
      .insert(group)
      .values({
        ownerId,
        parentId: parent.id,
        name: spec.name,
        nameKey: groupNameKey(spec.name),
        description: spec.description ?? '',
        icon: spec.icon ?? null,
        color: spec.color ?? null,
        position: positions[index] ?? 'a0',
      })
      .returning({ id: group.id })
    if (!created) throw new Error(`group ${spec.name} was not created`)
    const path = parent.path ? `${parent.path}/${spec.name}` : spec.name
    ids.set(path, created.id)
    const entryIds = (spec.items ?? []).flatMap((sourceId) => {
      const entryId = entries.get(sourceId)
      return entryId ? [entryId] : []
    })
    const itemPositions = generateNKeysBetween(null, null, entryIds.length)
    await insertChunked(
      entryIds.map((entryId, itemIndex) => ({
        groupId: created.id,
        entryId,
        position: itemPositions[itemIndex] ?? 'a0',
        addedBy: ownerId,
      })),
      (rows) => db.insert(groupItem).values(rows),
    )
    const children = await createTree(db, ownerId, spec.children ?? [], entries, {
      id: created.id,
      path,
    })
    for (const [childPath, childId] of children) ids.set(childPath, childId)
  }
  return ids
}

/** A deterministic pseudo-random generator, so generated accounts are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

export function fakeChannelId(random: () => number): string {
  let id = 'UC'
  for (let index = 0; index < 22; index += 1) {
    id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? 'A'
  }
  return id
}

/** `groups` groups over `depth` levels and `channels` channels, each in one or two groups (benches). */
export async function generateLargeAccount(
  db: Database,
  ownerId: string,
  options: { groups: number; depth: number; channels: number; seed?: number },
) {
  const random = seededRandom(options.seed ?? 42)
  const channels: CatalogueChannel[] = Array.from({ length: options.channels }, (_, index) => ({
    id: fakeChannelId(random),
    title: `Channel ${index + 1}`,
    handle: `channel${index + 1}`,
    subscriberCount: Math.floor(random() * 5_000_000),
  }))
  await upsertCatalogue(db, { channels })
  const entries = await addToLibrary(db, ownerId, { channelIds: channels.map((row) => row.id) })

  // A spine reaching the full depth, the rest under random earlier groups that allow a child.
  const created: { id: string; depth: number }[] = []
  const positionsByParent = new Map<string, string | null>()
  // New top-level groups go after the account's existing ones.
  const [lastTop] = await db
    .select({ position: group.position })
    .from(group)
    .where(and(eq(group.ownerId, ownerId), isNull(group.parentId)))
    .orderBy(desc(group.position))
    .limit(1)
  positionsByParent.set('root', lastTop?.position ?? null)
  const rows: (typeof group.$inferInsert & { id: string })[] = []
  for (let index = 0; index < options.groups; index += 1) {
    const candidates = created.filter((node) => node.depth < options.depth)
    const parent =
      index < options.depth
        ? (created[index - 1] ?? null)
        : random() < 0.1
          ? null
          : (candidates[Math.floor(random() * candidates.length)] ?? null)
    const parentKey = parent?.id ?? 'root'
    const [position] = generateNKeysBetween(positionsByParent.get(parentKey) ?? null, null, 1)
    positionsByParent.set(parentKey, position ?? null)
    const id = crypto.randomUUID()
    const name = `Group ${index + 1}`
    rows.push({
      id,
      ownerId,
      parentId: parent?.id ?? null,
      name,
      nameKey: groupNameKey(name),
      position: position ?? 'a0',
    })
    created.push({ id, depth: (parent?.depth ?? 0) + 1 })
  }
  await insertChunked(rows, (chunk) => db.insert(group).values(chunk))

  const itemPositions = new Map<string, string | null>()
  const items: (typeof groupItem.$inferInsert)[] = []
  for (const entryId of entries.values()) {
    const targets = new Set<string>()
    const copies = random() < 0.2 ? 2 : 1
    for (let copy = 0; copy < copies; copy += 1) {
      const target = created[Math.floor(random() * created.length)]
      if (target) targets.add(target.id)
    }
    for (const groupId of targets) {
      const [position] = generateNKeysBetween(itemPositions.get(groupId) ?? null, null, 1)
      itemPositions.set(groupId, position ?? null)
      items.push({ groupId, entryId, position: position ?? 'a0', addedBy: ownerId })
    }
  }
  await insertChunked(items, (chunk) => db.insert(groupItem).values(chunk))
  return { groupIds: created.map((node) => node.id), entryIds: [...entries.values()] }
}

export async function grantRole(db: Database, groupId: string, userId: string, role: MemberRole) {
  await db
    .insert(groupMember)
    .values({ groupId, userId, role })
    .onConflictDoUpdate({ target: [groupMember.groupId, groupMember.userId], set: { role } })
}
