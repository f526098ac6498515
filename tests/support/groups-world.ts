import { eq } from 'drizzle-orm'
import type { Database } from '../../src/db/client.server'
import { group } from '../../src/db/schema'
import { createGroup } from '../../src/features/groups/groups.server'
import {
  addToLibrary,
  fakeChannelId,
  seededRandom,
  upsertCatalogue,
} from '../../src/seed/factories/organiser.server'
import { createActor } from '../../src/seed/factories/users.server'
import type { Actor } from '../../src/server/auth/signed-in.middleware'

type CreateInput = Parameters<typeof createGroup>[2]

/**
 * The set-up the groups tests share, on one database: users, groups made
 * through createGroup (so every rule and activity row applies), chains of
 * nested groups, and library entries to place in them.
 */
export function groupsWorld(db: Database, seed = 7) {
  const random = seededRandom(seed)

  function create(
    actor: Actor,
    name: string,
    parentId: string | null = null,
    extra: Partial<CreateInput> = {},
  ) {
    return createGroup(db, actor, {
      name,
      parentId,
      description: '',
      icon: null,
      color: null,
      ...extra,
    })
  }

  return {
    actor: (name: string) => createActor(db, name),
    create,

    /** `length` groups each inside the previous one ("Prefix 1" on top); their ids, top first. */
    async chain(actor: Actor, length: number, prefix: string): Promise<string[]> {
      const ids: string[] = []
      for (let level = 0; level < length; level += 1) {
        const created = await create(actor, `${prefix} ${level + 1}`, ids.at(-1) ?? null)
        ids.push(created.id)
      }
      return ids
    },

    /** Library entries (channels, or animes) for a user, in order. */
    async entries(
      owner: Actor,
      count: number,
      kind: 'channel' | 'anime' = 'channel',
    ): Promise<string[]> {
      if (kind === 'anime') {
        const animes = Array.from({ length: count }, (_, at) => ({
          id: `G${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
          slug: `anime-${at}`,
          title: `Anime ${at}`,
        }))
        await upsertCatalogue(db, { animes })
        const ids = await addToLibrary(db, owner.id, { animeIds: animes.map((row) => row.id) })
        return animes.map((row) => ids.get(row.id) ?? '')
      }
      const channels = Array.from({ length: count }, (_, at) => ({
        id: fakeChannelId(random),
        title: `Channel ${at}`,
        handle: `channel${at}`,
        subscriberCount: 1000 * (at + 1),
      }))
      await upsertCatalogue(db, { channels })
      const ids = await addToLibrary(db, owner.id, { channelIds: channels.map((row) => row.id) })
      return channels.map((row) => ids.get(row.id) ?? '')
    },

    /** The stored row of a group, as it is now. */
    async groupRow(id: string) {
      const [row] = await db.select().from(group).where(eq(group.id, id))
      if (!row) throw new Error(`group ${id} is gone`)
      return row
    },
  }
}

export type GroupsWorld = ReturnType<typeof groupsWorld>
