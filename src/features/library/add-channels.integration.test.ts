import { asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { channel, groupItem, libraryEntry } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { codeOf } from '../../../tests/support/app-errors'
import { FAKE_YOUTUBE_KEY, runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import {
  activityOf,
  byInput,
  catalogue,
  demoChannel,
  itemsOf,
  libraryCount,
  seedLibrary,
} from '../../../tests/support/library-world'
import { addChannels, resolveChannels } from './add-channels.server'
import { PASTE_LINES_MAX } from './library.schemas'

/* Adding channels against a real database and a local fake of YouTube. */

const fakes = runCatalogueFakes()

describe('resolveChannels', () => {
  it('says what each pasted line is before anything of the user is saved', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      db,
      ana,
      ['kurzgesagt', 'numberphile'],
      [{ name: 'Science', items: [demoChannel('numberphile').id] }],
    )
    const mkbhd = demoChannel('mkbhd')
    const text = [
      `https://www.youtube.com/channel/${mkbhd.id}`,
      '@veritasium',
      'https://www.youtube.com/c/LinusTechTips',
      'youtube.com/user/nprmusic',
      demoChannel('kurzgesagt').id,
      'https://www.youtube.com/@numberphile/videos',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      '@no-such-channel-anywhere',
      '@veritasium',
      // Another spelling of a channel already pasted above.
      'https://www.youtube.com/user/1veritasium',
      'https://example.com/nothing',
      // A line is one entry: words that are no channel make one row, not one each.
      'hello world',
      '',
    ].join('\n')
    const entriesBefore = await libraryCount(db, ana.id)
    const itemsBefore = await itemsOf(db, seeded.group('Science'))

    const lines = await resolveChannels(db, ana, {
      text,
      groupId: seeded.group('Science'),
    })

    expect(lines.map((line) => line.status)).toEqual([
      'new',
      'new',
      'new',
      'new',
      'inLibrary',
      'inGroup',
      // A video link stands for its channel; this video does not exist.
      'videoNotFound',
      'notFound',
      'duplicate',
      'duplicate',
      'notChannel',
      'notChannel',
    ])
    expect(lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(lines.at(-1)?.input).toBe('hello world')
    expect(lines[0]?.channel).toMatchObject({
      id: mkbhd.id,
      title: mkbhd.title,
      handle: mkbhd.handle.toLowerCase(),
      subscriberCount: mkbhd.subscriberCount,
    })
    expect(lines[2]?.channel?.id).toBe(demoChannel('LinusTechTips').id)
    expect(lines[3]?.channel?.id).toBe(demoChannel('nprmusic').id)
    expect(lines[7]?.channel).toBeNull()

    // The shared catalogue now knows the found channels, so adding needs no second lookup.
    const known = await db
      .select({ id: channel.id, subscriberCount: channel.subscriberCount })
      .from(channel)
      .where(inArray(channel.id, [mkbhd.id, demoChannel('veritasium').id]))
    expect(known).toHaveLength(2)
    expect(known.find((row) => row.id === mkbhd.id)?.subscriberCount).toBe(mkbhd.subscriberCount)
    // …and nothing of the user's changed.
    expect(await libraryCount(db, ana.id)).toBe(entriesBefore)
    expect(await itemsOf(db, seeded.group('Science'))).toEqual(itemsBefore)

    fakes.youtube.reset()
    const added = await addChannels(db, ana, {
      channelIds: lines.flatMap((line) =>
        line.status === 'new' && line.channel ? [line.channel.id] : [],
      ),
      groupId: null,
    })
    expect(added).toEqual({ added: 4, alreadyThere: 0 })
    expect(fakes.youtube.calls).toHaveLength(0)
  })

  it('reading channel pages (no API key) keeps the statistics already known', async () => {
    const ana = await createActor(db, 'Ana')
    const veritasium = demoChannel('veritasium')
    await resolveChannels(db, ana, { text: '@veritasium', groupId: null })
    process.env.YOUTUBE_API_KEY = ''
    resetEnvCacheForTests()
    try {
      fakes.youtube.reset()
      const lines = await resolveChannels(db, ana, { text: '@veritasium', groupId: null })
      expect(lines[0]).toMatchObject({
        status: 'new',
        channel: { id: veritasium.id, title: veritasium.title },
      })
      expect(fakes.youtube.calls.length).toBeGreaterThan(0)
      expect(fakes.youtube.apiCalls()).toHaveLength(0)
    } finally {
      process.env.YOUTUBE_API_KEY = FAKE_YOUTUBE_KEY
      resetEnvCacheForTests()
    }
    const [row] = await db.select().from(channel).where(eq(channel.id, veritasium.id))
    expect(row).toMatchObject({
      subscriberCount: veritasium.subscriberCount,
      viewCount: veritasium.viewCount,
      videoCount: veritasium.videoCount,
      country: veritasium.country,
    })
  })

  it('without a group, an entry in some group is only "in the library"', async () => {
    const ana = await createActor(db, 'Ana')
    await seedLibrary(
      db,
      ana,
      ['numberphile'],
      [{ name: 'Maths', items: [demoChannel('numberphile').id] }],
    )
    const lines = await resolveChannels(db, ana, { text: '@numberphile', groupId: null })
    expect(byInput(lines)).toEqual({ '@numberphile': 'inLibrary' })
  })

  it('refuses a paste over the line limit and keeps lines pending when YouTube is down', async () => {
    const ana = await createActor(db, 'Ana')
    const tooMany = Array.from({ length: PASTE_LINES_MAX + 1 }, (_, i) => `@channel${i}`).join('\n')
    expect(await codeOf(resolveChannels(db, ana, { text: tooMany, groupId: null }))).toBe(
      'VALIDATION',
    )

    fakes.youtube.failNext(10, { status: 503 })
    // Could not reach YouTube is never "not found" (decision 0049).
    const lines = await resolveChannels(db, ana, { text: '@tasty-unknown', groupId: null })
    expect(lines.map((line) => line.status)).toEqual(['pending'])
    fakes.youtube.reset()
  })
})

describe('addChannels', () => {
  it('appends new and library entries at the end of a group, skipping those already there', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      db,
      ana,
      ['mkbhd', 'veritasium', 'numberphile'],
      [{ name: 'Mixed', items: [demoChannel('mkbhd').id, demoChannel('veritasium').id] }],
    )
    await catalogue(db, 'kurzgesagt', 'TomScottGo')
    const mixed = seeded.group('Mixed')
    const before = await itemsOf(db, mixed)

    const result = await addChannels(db, ana, {
      channelIds: [
        demoChannel('veritasium').id,
        demoChannel('numberphile').id,
        demoChannel('kurzgesagt').id,
        demoChannel('TomScottGo').id,
        demoChannel('TomScottGo').id,
      ],
      groupId: mixed,
    })

    expect(result).toEqual({ added: 3, alreadyThere: 1 })
    const after = await itemsOf(db, mixed)
    expect(after.slice(0, 2)).toEqual(before)
    const positions = after.map((item) => item.position)
    expect([...positions].sort()).toEqual(positions)
    expect(new Set(positions).size).toBe(positions.length)
    expect(after.slice(2).map((item) => item.entryId)).toContain(seeded.entry('numberphile'))
    expect(await libraryCount(db, ana.id)).toBe(5)

    const activity = await activityOf(db, ana.id)
    expect(activity).toEqual([
      {
        groupId: mixed,
        action: 'item.added',
        details: { name: 'Mixed', count: 3 },
        actorName: 'Ana',
      },
    ])
  })

  it('adds to a group in the order the channels were pasted', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(db, ana, ['numberphile'], [{ name: 'Ordered' }])
    await catalogue(db, 'kurzgesagt', 'TomScottGo', 'veritasium')
    const pasted = ['TomScottGo', 'numberphile', 'veritasium', 'kurzgesagt'].map(
      (name) => demoChannel(name).id,
    )
    await addChannels(db, ana, { channelIds: pasted, groupId: seeded.group('Ordered') })
    const items = await db
      .select({ channelId: libraryEntry.channelId })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(eq(groupItem.groupId, seeded.group('Ordered')))
      .orderBy(asc(groupItem.position))
    expect(items.map((item) => item.channelId)).toEqual(pasted)
  })

  it('refuses ids that were never resolved into the catalogue', async () => {
    const ana = await createActor(db, 'Ana')
    expect(
      await codeOf(
        addChannels(db, ana, { channelIds: ['UC0000000000000000000000'], groupId: null }),
      ),
    ).toBe('VALIDATION')
    expect(await libraryCount(db, ana.id)).toBe(0)
  })
})
