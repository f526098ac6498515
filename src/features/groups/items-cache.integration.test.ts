import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Database, type DatabaseHandle, openDatabase } from '~/db/client.server'
import { anime, channel, libraryEntry } from '~/db/schema'
import { grantRole } from '~/seed/factories/organiser.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { testEngine } from '../../../tests/setup/test-database'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import type { GroupItem } from './groups.schemas'
import { getGroupDetail } from './groups.server'
import { addItems, removeItems } from './items.server'

/*
 * A group's items are kept in memory (decision 0055): every kind of change
 * they show must be seen at the next open, by the owner and by a member,
 * and a member never sees the owner's alias or tags.
 */

const world = groupsWorld(db, 55)

/** An owner's group of three channels and an anime, shared with an editor; both have opened it. */
async function sharedGroup(on: () => Database = () => db) {
  const owner = await world.actor('Owner')
  const member = await world.actor('Member')
  const group = await world.create(owner, 'Shared')
  const channels = await world.entries(owner, 3)
  const [animeEntry = ''] = await world.entries(owner, 1, 'anime')
  await addItems(db, owner, { groupId: group.id, entryIds: [...channels, animeEntry] })
  await grantRole(db, group.id, member.id, 'editor')
  const open = async (actor: Actor) => (await getGroupDetail(on(), actor, { id: group.id })).items
  await open(owner)
  await open(member)
  return { owner, member, group, channels, animeEntry, open }
}

type Shared = Awaited<ReturnType<typeof sharedGroup>>

const itemOf = (items: GroupItem[], entryId: string) =>
  items.find((item) => item.entryId === entryId)

async function catalogueIdOf(entryId: string) {
  const [row] = await db
    .select({ channelId: libraryEntry.channelId, animeId: libraryEntry.animeId })
    .from(libraryEntry)
    .where(eq(libraryEntry.id, entryId))
  return { channelId: row?.channelId ?? '', animeId: row?.animeId ?? '' }
}

/** Each kind of change, made on `on`, and what the owner and the member must see next. */
const changes: {
  name: string
  change: (shared: Shared, on: Database) => Promise<void>
  check: (shared: Shared, owner: GroupItem[], member: GroupItem[]) => void
}[] = [
  {
    name: 'an alias',
    change: async ({ channels }, on) => {
      await on
        .update(libraryEntry)
        .set({ alias: 'Mine' })
        .where(eq(libraryEntry.id, channels[0] ?? ''))
    },
    check: ({ channels }, owner, member) => {
      expect(itemOf(owner, channels[0] ?? '')?.title).toBe('Mine')
      expect(itemOf(member, channels[0] ?? '')?.title).not.toBe('Mine')
    },
  },
  {
    name: 'tags',
    change: async ({ channels }, on) => {
      await on
        .update(libraryEntry)
        .set({ tags: ['private'] })
        .where(eq(libraryEntry.id, channels[1] ?? ''))
    },
    check: ({ channels }, owner, member) => {
      expect(itemOf(owner, channels[1] ?? '')?.tags).toEqual(['private'])
      expect(itemOf(member, channels[1] ?? '')?.tags).toEqual([])
    },
  },
  {
    name: 'a channel in the catalogue',
    change: async ({ channels }, on) => {
      const { channelId } = await catalogueIdOf(channels[2] ?? '')
      await on
        .update(channel)
        .set({ title: 'Renamed upstream', hiddenSubscriberCount: true })
        .where(eq(channel.id, channelId))
    },
    check: ({ channels }, owner, member) => {
      for (const items of [owner, member]) {
        expect(itemOf(items, channels[2] ?? '')).toMatchObject({
          title: 'Renamed upstream',
          subscriberCount: null,
        })
      }
    },
  },
  {
    name: 'an anime in the catalogue',
    change: async ({ animeEntry }, on) => {
      const { animeId } = await catalogueIdOf(animeEntry)
      await on.update(anime).set({ status: 'RELEASING', episodes: 12 }).where(eq(anime.id, animeId))
    },
    check: ({ animeEntry }, owner, member) => {
      for (const items of [owner, member]) {
        expect(itemOf(items, animeEntry)).toMatchObject({ status: 'RELEASING', episodes: 12 })
      }
    },
  },
  {
    name: 'an item taken out',
    change: async ({ owner, group, channels }, on) => {
      await removeItems(on, owner, { groupId: group.id, entryIds: [channels[0] ?? ''] })
    },
    check: ({ channels }, owner, member) => {
      for (const items of [owner, member]) {
        expect(itemOf(items, channels[0] ?? '')).toBeUndefined()
        expect(items).toHaveLength(3)
      }
    },
  },
  {
    name: 'an entry deleted from the library',
    change: async ({ animeEntry }, on) => {
      await on.delete(libraryEntry).where(eq(libraryEntry.id, animeEntry))
    },
    check: ({ animeEntry }, owner, member) => {
      for (const items of [owner, member]) expect(itemOf(items, animeEntry)).toBeUndefined()
    },
  },
]

describe('a group’s items, kept in memory', () => {
  it('answers an unchanged group from memory, the owner’s and the member’s lists apart', async () => {
    const shared = await sharedGroup()
    const owner = await shared.open(shared.owner)
    expect(await shared.open(shared.owner)).toBe(owner)
    const member = await shared.open(shared.member)
    expect(member).not.toBe(owner)
    expect(await shared.open(shared.member)).toBe(member)
  })

  for (const { name, change, check } of changes) {
    it(`shows ${name} at the next open, the private fields to the owner only`, async () => {
      const shared = await sharedGroup()
      await change(shared, db)
      check(shared, await shared.open(shared.owner), await shared.open(shared.member))
    })
  }
})

/** A second app instance on the same PostgreSQL, opened as the app opens it. */
let handleB: DatabaseHandle | undefined
let statementsOnB = 0

afterAll(async () => {
  await handleB?.close()
})

async function instanceB(): Promise<Database> {
  if (handleB) return handleB.db
  const result = await db.execute(sql`select current_database() as name`)
  const [row] = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result).rows
  const url = new URL(process.env.TEST_DATABASE_URL ?? '')
  url.pathname = `/${row?.name ?? ''}`
  handleB = await openDatabase({
    engine: 'postgres',
    url: url.toString(),
    logger: {
      logQuery: () => {
        statementsOnB += 1
      },
    },
  })
  return handleB.db
}

describe.runIf(testEngine === 'postgres')('two instances on one PostgreSQL', () => {
  it('B answers an unchanged group with no statement for its items', async () => {
    const b = await instanceB()
    const shared = await sharedGroup(() => b)
    const before = await shared.open(shared.member)
    statementsOnB = 0
    expect(await shared.open(shared.member)).toBe(before)
    // The access check and the owner's name: nothing for the tree or the items.
    expect(statementsOnB).toBe(2)
  })

  for (const { name, change, check } of changes) {
    it(`B shows ${name} made on A at its next open`, async () => {
      const b = await instanceB()
      const shared = await sharedGroup(() => b)
      await change(shared, db)
      check(shared, await shared.open(shared.owner), await shared.open(shared.member))
    })
  }
})
