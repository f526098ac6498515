import { count, eq } from 'drizzle-orm'
import type { Database } from '../../src/db/client.server'
import { groupActivity, groupItem, libraryEntry } from '../../src/db/schema'
import type { ResolvedLine } from '../../src/features/library/library.schemas'
import { DEMO_ANIMES, DEMO_CHANNELS } from '../../src/seed/factories/catalogue-fixtures'
import {
  addToLibrary,
  createTree,
  type TreeSpec,
  upsertCatalogue,
} from '../../src/seed/factories/organiser.server'
import type { Actor } from '../../src/server/auth/signed-in.middleware'

/* Builders and probes for the library's integration tests, over the demo catalogue. */

export function demoChannel(handle: string) {
  const found = DEMO_CHANNELS.find((row) => row.handle === handle)
  if (!found) throw new Error(`no demo channel @${handle}`)
  return found
}

export function demoAnime(slug: string) {
  const found = DEMO_ANIMES.find((row) => row.slug === slug)
  if (!found) throw new Error(`no demo anime ${slug}`)
  return found
}

export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`)
  return value
}

/** Catalogue rows for demo channels, as a resolve would have written them. */
export async function catalogue(db: Database, ...handles: string[]) {
  const rows = handles.map(demoChannel)
  await upsertCatalogue(db, {
    channels: rows.map((row) => ({ id: row.id, title: row.title, handle: row.handle })),
  })
  return rows
}

/** Library entries (and groups holding some of them) for one user; ids by handle / path. */
export async function seedLibrary(
  db: Database,
  owner: Actor,
  handles: string[],
  tree: TreeSpec[] = [],
) {
  const rows = await catalogue(db, ...handles)
  const entries = await addToLibrary(db, owner.id, { channelIds: rows.map((row) => row.id) })
  const groups = await createTree(db, owner.id, tree, entries)
  return {
    entry: (handle: string) => must(entries.get(demoChannel(handle).id), `entry @${handle}`),
    group: (path: string) => must(groups.get(path), `group ${path}`),
  }
}

/** A group's items in their order. */
export async function itemsOf(db: Database, groupId: string) {
  return db
    .select({ entryId: groupItem.entryId, position: groupItem.position })
    .from(groupItem)
    .where(eq(groupItem.groupId, groupId))
    .orderBy(groupItem.position)
}

/** The activity lines of one owner's log. */
export async function activityOf(db: Database, ownerId: string) {
  return db
    .select({
      groupId: groupActivity.groupId,
      action: groupActivity.action,
      details: groupActivity.details,
      actorName: groupActivity.actorName,
    })
    .from(groupActivity)
    .where(eq(groupActivity.ownerId, ownerId))
}

export async function libraryCount(db: Database, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
  return row?.value ?? 0
}

/** Resolved lines as `{ input: status }`. */
export const byInput = (lines: ResolvedLine[]) =>
  Object.fromEntries(lines.map((line) => [line.input, line.status]))
