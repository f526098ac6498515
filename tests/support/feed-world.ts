import { inArray } from 'drizzle-orm'
import { groupItem } from '../../src/db/schema'
import {
  addToLibrary,
  type CatalogueAnime,
  type CatalogueChannel,
  createTree,
  fakeChannelId,
  grantRole,
  type TreeSpec,
  upsertCatalogue,
} from '../../src/seed/factories/organiser.server'
import { type ActorFactoryOptions, createActor } from '../../src/seed/factories/users.server'
import type { Actor } from '../../src/server/auth/signed-in.middleware'
import { db } from './database'

/*
 * The world of the feed and notification tests: an owner's tree of channels
 * (and series), the people who view parts of it, and, when a test counts new
 * uploads, items placed in their groups long ago. Rows are written by the
 * factories; videos, notification choices and browsers are each test's own.
 */

export type FeedPerson = Actor & { email: string }

export type FeedWorldOptions = {
  /** The file's seeded generator: channels given by title get ids from it, in order. */
  random?: () => number
  /** The owner's name (Alice unless told). */
  owner?: string
  /** Everyone else, created after the owner in this order; `viewerOf` are group paths. */
  people?: (ActorFactoryOptions & { name: string; viewerOf?: string[] })[]
  /** The owner's channels: a title (id from `random`, no handle) or a whole catalogue row. */
  channels?: (string | CatalogueChannel)[]
  animes?: CatalogueAnime[]
  /** The owner's groups; items are catalogue ids (the channels' ids as created, in order). */
  tree: TreeSpec[] | ((channelIds: string[]) => TreeSpec[])
  /** When every item was put in its group: long ago, so its recent videos count as new. */
  itemsAddedAt?: Date
}

/** Builds the world; `person(name)` is anyone in `people`, `group(path)` a group's id. */
export async function feedWorld(options: FeedWorldOptions) {
  const owner = await createActor(db, options.owner ?? 'Alice')
  const people = new Map<string, FeedPerson>()
  for (const { name, viewerOf: _, ...factory } of options.people ?? []) {
    people.set(name, await createActor(db, name, factory))
  }
  const channels = (options.channels ?? []).map((row): CatalogueChannel => {
    if (typeof row !== 'string') return row
    if (!options.random) throw new Error('feedWorld: channels by title need `random`')
    return { id: fakeChannelId(options.random), title: row, handle: null }
  })
  const channelIds = channels.map((row) => row.id)
  const animes = options.animes ?? []
  let entries = new Map<string, string>()
  if (channels.length > 0 || animes.length > 0) {
    await upsertCatalogue(db, { channels, animes })
    entries = await addToLibrary(db, owner.id, {
      channelIds,
      animeIds: animes.map((row) => row.id),
    })
  }
  const tree = typeof options.tree === 'function' ? options.tree(channelIds) : options.tree
  const paths = await createTree(db, owner.id, tree, entries)
  const group = (path: string) => {
    const found = paths.get(path)
    if (!found) throw new Error(`no group ${path}`)
    return found
  }
  const person = (name: string) => {
    const found = people.get(name)
    if (!found) throw new Error(`no person ${name}`)
    return found
  }
  if (options.itemsAddedAt) {
    await db
      .update(groupItem)
      .set({ addedAt: options.itemsAddedAt })
      .where(inArray(groupItem.groupId, [...paths.values()]))
  }
  for (const { name, viewerOf = [] } of options.people ?? []) {
    for (const path of viewerOf) await grantRole(db, group(path), person(name).id, 'viewer')
  }
  return { owner, person, channels: channelIds, group }
}
