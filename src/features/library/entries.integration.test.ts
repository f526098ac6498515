import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { channel } from '~/db/schema'
import { addItems } from '~/features/groups/items.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { activityOf, demoChannel, itemsOf, seedLibrary } from '../../../tests/support/library-world'
import { removeEntries, setEntryGroups, updateEntry } from './entries.server'
import { getEntry, listLibrary } from './library.server'

/* Editing entries and their groups against a real database. */

describe('setEntryGroups', () => {
  it('puts one channel in two groups, then takes it out of one', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      db,
      ana,
      ['mkbhd', 'veritasium'],
      [
        { name: 'Tech', items: [demoChannel('veritasium').id] },
        { name: 'Favourites', children: [{ name: 'Daily' }] },
      ],
    )
    const mkbhd = seeded.entry('mkbhd')
    const tech = seeded.group('Tech')
    const daily = seeded.group('Favourites/Daily')

    expect(
      await setEntryGroups(db, ana, { id: mkbhd, groupIds: [tech, daily, tech], readGroupIds: [] }),
    ).toEqual({
      groupIds: [tech, daily],
    })
    const techItems = await itemsOf(db, tech)
    expect(techItems.map((item) => item.entryId)).toEqual([seeded.entry('veritasium'), mkbhd])
    expect((await itemsOf(db, daily)).map((item) => item.entryId)).toEqual([mkbhd])
    expect((await getEntry(db, ana, { id: mkbhd })).groupIds.sort()).toEqual([tech, daily].sort())

    await setEntryGroups(db, ana, { id: mkbhd, groupIds: [daily], readGroupIds: [daily, tech] })
    expect((await itemsOf(db, tech)).map((item) => item.entryId)).toEqual([
      seeded.entry('veritasium'),
    ])
    expect((await itemsOf(db, daily)).map((item) => item.entryId)).toEqual([mkbhd])

    const activity = await activityOf(db, ana.id)
    expect(activity).toHaveLength(3)
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ groupId: tech, action: 'item.added' }),
        expect.objectContaining({ groupId: daily, action: 'item.added' }),
        expect.objectContaining({
          groupId: tech,
          action: 'item.removed',
          details: { name: 'Tech', count: 1, title: 'Marques Brownlee' },
        }),
      ]),
    )
  })

  it('gives concurrent appends to one group distinct positions', async () => {
    const ana = await createActor(db, 'Ana')
    const handles = ['mkbhd', 'veritasium', 'numberphile', 'kurzgesagt', 'TomScottGo', 'Vsauce']
    const seeded = await seedLibrary(db, ana, handles, [{ name: 'Busy' }])
    const busy = seeded.group('Busy')
    await Promise.all(
      handles.map((handle) =>
        setEntryGroups(db, ana, { id: seeded.entry(handle), groupIds: [busy], readGroupIds: [] }),
      ),
    )
    const positions = (await itemsOf(db, busy)).map((item) => item.position)
    expect(positions).toHaveLength(handles.length)
    expect(new Set(positions).size).toBe(handles.length)
  })

  it('refuses a change made in a stale tab, changes nothing, and takes it from a fresh read', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      db,
      ana,
      ['mkbhd'],
      [{ name: 'Tech', items: [demoChannel('mkbhd').id] }, { name: 'Daily' }, { name: 'Later' }],
    )
    const mkbhd = seeded.entry('mkbhd')
    const [tech, daily, later] = [
      seeded.group('Tech'),
      seeded.group('Daily'),
      seeded.group('Later'),
    ]
    // Two tabs render the same entry: the same set, the same version.
    const tab1 = await getEntry(db, ana, { id: mkbhd })
    const tab2 = await getEntry(db, ana, { id: mkbhd })
    expect(tab2.groupIds).toEqual(tab1.groupIds)

    await setEntryGroups(db, ana, {
      id: mkbhd,
      groupIds: [tech, daily],
      readGroupIds: tab1.groupIds,
    })
    const activity = await activityOf(db, ana.id)
    // Tab 2 never saw Daily: its "Tech and Later" would take Daily out again.
    expect(
      await codeOf(
        setEntryGroups(db, ana, {
          id: mkbhd,
          groupIds: [tech, later],
          readGroupIds: tab2.groupIds,
        }),
      ),
    ).toBe('STALE_VERSION')
    expect((await getEntry(db, ana, { id: mkbhd })).groupIds.sort()).toEqual([tech, daily].sort())
    expect(await itemsOf(db, later)).toEqual([])
    expect(await activityOf(db, ana.id)).toEqual(activity)

    const fresh = await getEntry(db, ana, { id: mkbhd })
    await setEntryGroups(db, ana, {
      id: mkbhd,
      groupIds: [tech, later],
      readGroupIds: fresh.groupIds,
    })
    expect((await getEntry(db, ana, { id: mkbhd })).groupIds.sort()).toEqual([tech, later].sort())
  })

  it('refuses a stale change after the entry moved by another way (a group page, a drag)', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(db, ana, ['mkbhd'], [{ name: 'Tech' }, { name: 'Daily' }])
    const mkbhd = seeded.entry('mkbhd')
    const read = await getEntry(db, ana, { id: mkbhd })
    await addItems(db, ana, { groupId: seeded.group('Daily'), entryIds: [mkbhd] })
    expect(
      await codeOf(
        setEntryGroups(db, ana, {
          id: mkbhd,
          groupIds: [seeded.group('Tech')],
          readGroupIds: read.groupIds,
        }),
      ),
    ).toBe('STALE_VERSION')
    expect((await getEntry(db, ana, { id: mkbhd })).groupIds).toEqual([seeded.group('Daily')])
  })

  it('lets exactly one of two concurrent changes from the same read win', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(db, ana, ['mkbhd'], [{ name: 'Tech' }, { name: 'Daily' }])
    const mkbhd = seeded.entry('mkbhd')
    const outcomes = await Promise.all(
      [seeded.group('Tech'), seeded.group('Daily')].map((groupId) =>
        codeOf(setEntryGroups(db, ana, { id: mkbhd, groupIds: [groupId], readGroupIds: [] })),
      ),
    )
    expect(outcomes.sort()).toEqual(['STALE_VERSION', 'ok'])
    expect((await getEntry(db, ana, { id: mkbhd })).groupIds).toHaveLength(1)
  })

  it('changes nothing when one of the groups is not the user’s', async () => {
    const ana = await createActor(db, 'Ana')
    const bea = await createActor(db, 'Bea')
    const seeded = await seedLibrary(db, ana, ['mkbhd'], [{ name: 'Tech' }])
    const beas = await seedLibrary(db, bea, [], [{ name: 'Private' }])
    expect(
      await codeOf(
        setEntryGroups(db, ana, {
          id: seeded.entry('mkbhd'),
          groupIds: [seeded.group('Tech'), beas.group('Private')],
          readGroupIds: [],
        }),
      ),
    ).toBe('GROUP_NOT_FOUND')
    expect(await itemsOf(db, seeded.group('Tech'))).toEqual([])
    expect(await activityOf(db, ana.id)).toEqual([])
  })
})

describe('updateEntry', () => {
  it('saves alias, notes and tags and refuses an edit made from a stale version', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(db, ana, ['mkbhd'])
    const id = seeded.entry('mkbhd')

    const first = await updateEntry(db, ana, {
      id,
      version: 1,
      alias: 'MKBHD',
      notes: 'Phones',
      tags: ['tech', 'reviews'],
    })
    expect(first).toMatchObject({
      title: 'MKBHD',
      originalTitle: 'Marques Brownlee',
      alias: 'MKBHD',
      notes: 'Phones',
      tags: ['tech', 'reviews'],
      version: 2,
    })

    const stale = { id, version: 1, alias: 'Other tab', notes: '', tags: [] }
    expect(await codeOf(updateEntry(db, ana, stale))).toBe('STALE_VERSION')
    expect((await getEntry(db, ana, { id })).alias).toBe('MKBHD')

    const cleared = await updateEntry(db, ana, { ...stale, version: 2, alias: '' })
    expect(cleared).toMatchObject({ alias: null, title: 'Marques Brownlee', version: 3 })
  })
})

describe('removeEntries', () => {
  it('takes entries out of the library and every group, keeping the groups', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      db,
      ana,
      ['mkbhd', 'veritasium', 'numberphile'],
      [
        { name: 'Tech', items: [demoChannel('mkbhd').id, demoChannel('veritasium').id] },
        { name: 'Science', items: [demoChannel('veritasium').id, demoChannel('numberphile').id] },
      ],
    )
    const tech = seeded.group('Tech')
    const science = seeded.group('Science')

    expect(
      await removeEntries(db, ana, {
        ids: [seeded.entry('mkbhd'), seeded.entry('veritasium')],
      }),
    ).toEqual({ removed: 2 })

    const left = await listLibrary(db, ana, { kind: 'channel' })
    expect(left.entries.map((entry) => entry.id)).toEqual([seeded.entry('numberphile')])
    expect(await itemsOf(db, tech)).toEqual([])
    expect((await itemsOf(db, science)).map((item) => item.entryId)).toEqual([
      seeded.entry('numberphile'),
    ])
    // The catalogue is shared: its rows stay.
    expect(
      await db
        .select({ id: channel.id })
        .from(channel)
        .where(eq(channel.id, demoChannel('mkbhd').id)),
    ).toHaveLength(1)

    const activity = await activityOf(db, ana.id)
    expect(activity).toHaveLength(2)
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          groupId: tech,
          action: 'item.removed',
          details: { name: 'Tech', count: 2 },
        }),
        expect.objectContaining({
          groupId: science,
          action: 'item.removed',
          details: { name: 'Science', count: 1, title: 'Veritasium' },
        }),
      ]),
    )
  })
})
