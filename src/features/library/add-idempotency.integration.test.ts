import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import {
  activityOf,
  catalogue,
  demoAnime,
  itemsOf,
  libraryCount,
  seedLibrary,
} from '../../../tests/support/library-world'
import { addAnime } from './add-anime.server'
import { addChannels } from './add-channels.server'

/*
 * An add sent again with the same idempotency key (a retry after a lost
 * answer) adds once and answers what the first call answered.
 */

runCatalogueFakes()

describe('addChannels with an idempotency key', () => {
  it('adds once into a group for the same key sent twice and answers the same counts', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(db, ana, [], [{ name: 'Later', items: [] }])
    const channelIds = (await catalogue(db, 'kurzgesagt', 'TomScottGo')).map((row) => row.id)
    const later = seeded.group('Later')
    const key = randomUUID()

    const first = await addChannels(db, ana, { channelIds, groupId: later, idempotencyKey: key })
    const activity = await activityOf(db, ana.id)
    const again = await addChannels(db, ana, { channelIds, groupId: later, idempotencyKey: key })

    expect(first).toEqual({ added: 2, alreadyThere: 0 })
    expect(again).toEqual(first)
    expect(await itemsOf(db, later)).toHaveLength(2)
    expect(await libraryCount(db, ana.id)).toBe(2)
    expect(await activityOf(db, ana.id)).toEqual(activity)
  })

  it('checks access again on a retry: a group the user may no longer edit refuses it', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(db, ana, [], [{ name: 'Gone soon', items: [] }])
    const channelIds = (await catalogue(db, 'kurzgesagt')).map((row) => row.id)
    const gone = seeded.group('Gone soon')
    const key = randomUUID()
    await addChannels(db, ana, { channelIds, groupId: gone, idempotencyKey: key })
    await db.delete(group).where(eq(group.id, gone))

    const retry = addChannels(db, ana, { channelIds, groupId: gone, idempotencyKey: key })

    expect(await codeOf(retry)).toBe('GROUP_NOT_FOUND')
  })

  it('adds to the library once for one key, and another key runs the add again', async () => {
    const ana = await createActor(db, 'Ana')
    const channelIds = (await catalogue(db, 'numberphile')).map((row) => row.id)
    const key = randomUUID()

    const first = await addChannels(db, ana, { channelIds, groupId: null, idempotencyKey: key })
    const again = await addChannels(db, ana, { channelIds, groupId: null, idempotencyKey: key })
    const other = await addChannels(db, ana, {
      channelIds,
      groupId: null,
      idempotencyKey: randomUUID(),
    })

    expect(first).toEqual({ added: 1, alreadyThere: 0 })
    expect(again).toEqual(first)
    // A new action: it ran, and found the channel there.
    expect(other).toEqual({ added: 0, alreadyThere: 1 })
    expect(await libraryCount(db, ana.id)).toBe(1)
  })
})

describe('addAnime with an idempotency key', () => {
  it('adds once for the same key sent twice and answers the same entry, not ANIME_EXISTS', async () => {
    const ana = await createActor(db, 'Ana')
    const frieren = demoAnime('frieren-beyond-journeys-end')
    const url = `https://www.crunchyroll.com/series/${frieren.id}/${frieren.slug}`
    const key = randomUUID()

    const first = await addAnime(db, ana, { url, groupId: null, idempotencyKey: key })
    const again = await addAnime(db, ana, { url, groupId: null, idempotencyKey: key })

    expect(again).toEqual(first)
    expect(await libraryCount(db, ana.id)).toBe(1)
  })

  it('another key is another action: adding the same series again is refused', async () => {
    const ana = await createActor(db, 'Ana')
    const frieren = demoAnime('frieren-beyond-journeys-end')
    const url = `https://www.crunchyroll.com/series/${frieren.id}/${frieren.slug}`

    await addAnime(db, ana, { url, groupId: null, idempotencyKey: randomUUID() })
    expect(
      await codeOf(addAnime(db, ana, { url, groupId: null, idempotencyKey: randomUUID() })),
    ).toBe('ANIME_EXISTS')
    expect(await libraryCount(db, ana.id)).toBe(1)
  })
})
