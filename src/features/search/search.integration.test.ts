import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { libraryEntry } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { demoChannel, seedLibrary } from '../../../tests/support/library-world'
import { grant } from '../../../tests/support/sharing-world'
import { SEARCH_QUERY_MAX, searchSchema } from './search.schemas'
import { search } from './search.server'

/*
 * Quick search answers from what the reader may see: their own groups and
 * entries, and the groups shared with them. A stranger's rows never come
 * back; a member never sees (nor matches on) the owner's alias or notes.
 */

async function scene() {
  const owner = await createActor(db, 'Olivia')
  const seeded = await seedLibrary(
    db,
    owner,
    ['mkbhd', 'veritasium'],
    [
      {
        name: 'Music',
        children: [
          { name: 'Rock', items: [] },
          { name: 'Jazz', items: [] },
        ],
        items: [],
      },
      { name: 'Tech', items: [demoChannel('mkbhd').id] },
    ],
  )
  return { owner, seeded }
}

const run = (actor: Parameters<typeof search>[1], query: string) =>
  search(db, actor, searchSchema.parse({ query }))

describe('quick search', () => {
  it('finds the owner’s groups by name and by path, with the path', async () => {
    const { owner } = await scene()
    const byName = await run(owner, 'rock')
    expect(byName.groups).toEqual([
      expect.objectContaining({ name: 'Rock', path: ['Music'], shared: false }),
    ])
    const byPath = await run(owner, 'music jazz')
    expect(byPath.groups.map((hit) => hit.name)).toEqual(['Jazz'])
  })

  it('finds the owner’s channels by alias and by title, showing the alias', async () => {
    const { owner, seeded } = await scene()
    await db
      .update(libraryEntry)
      .set({ alias: 'Phone reviewer', notes: 'zebra secret note' })
      .where(eq(libraryEntry.id, seeded.entry('mkbhd')))
    for (const query of ['phone rev', 'marques']) {
      const { channels } = await run(owner, query)
      expect(channels).toEqual([
        expect.objectContaining({
          entryId: seeded.entry('mkbhd'),
          title: 'Phone reviewer',
          sharedGroupId: null,
        }),
      ])
    }
  })

  it('shows a member the shared subtree and its channels by their public title only', async () => {
    const { owner, seeded } = await scene()
    await db
      .update(libraryEntry)
      .set({ alias: 'Phone reviewer', notes: 'zebra secret note', tags: ['private-tag'] })
      .where(eq(libraryEntry.id, seeded.entry('mkbhd')))
    const member = await createActor(db, 'Mia')
    await grant(seeded.group('Tech'), member, 'viewer')
    await grant(seeded.group('Music'), member, 'viewer')

    const rock = await run(member, 'rock')
    expect(rock.groups).toEqual([
      expect.objectContaining({ name: 'Rock', path: ['Music'], shared: true }),
    ])
    const byTitle = await run(member, 'marques')
    expect(byTitle.channels).toEqual([
      expect.objectContaining({
        entryId: seeded.entry('mkbhd'),
        title: 'Marques Brownlee',
        sharedGroupId: seeded.group('Tech'),
      }),
    ])
    // The alias is neither matched nor shown; nothing private travels.
    expect((await run(member, 'phone')).channels).toEqual([])
    for (const query of ['marques', 'tech', 'e']) {
      const text = JSON.stringify(await run(member, query))
      for (const secret of ['Phone reviewer', 'zebra', 'private-tag']) {
        expect(text).not.toContain(secret)
      }
    }
    // Veritasium is in the owner's library but in no shared group.
    expect((await run(member, 'veritasium')).channels).toEqual([])
    // The owner still sees their own alias.
    expect((await run(owner, 'marques')).channels[0]?.title).toBe('Phone reviewer')
  })

  it('never returns a stranger’s groups or channels', async () => {
    const { owner } = await scene()
    const stranger = await createActor(db, 'Sam')
    const strangers = await seedLibrary(
      db,
      stranger,
      ['veritasium'],
      [{ name: 'Rockets', items: [demoChannel('veritasium').id] }],
    )
    const mine = await run(stranger, 'rock')
    expect(mine.groups.map((hit) => hit.name)).toEqual(['Rockets'])
    expect((await run(stranger, 'music')).groups).toEqual([])
    expect((await run(stranger, 'marques')).channels).toEqual([])
    expect((await run(stranger, 'veritasium')).channels).toEqual([
      expect.objectContaining({ entryId: strangers.entry('veritasium') }),
    ])
    // And the owner never sees the stranger's.
    expect((await run(owner, 'rockets')).groups).toEqual([])
    const ownerVeritasium = (await run(owner, 'veritasium')).channels
    expect(ownerVeritasium.map((hit) => hit.entryId)).not.toContain(strangers.entry('veritasium'))
  })

  it('takes the query literally (no pattern characters) and keeps a few per kind', async () => {
    const owner = await createActor(db, 'Percy')
    await seedLibrary(
      db,
      owner,
      [],
      Array.from({ length: 8 }, (_, at) => ({ name: `Group ${at}`, items: [] })),
    )
    expect((await run(owner, '%')).groups).toEqual([])
    expect((await run(owner, '_')).groups).toEqual([])
    expect((await run(owner, 'group')).groups).toHaveLength(5)
  })
})

describe('quick search input', () => {
  it('refuses a blank, an overlong or a non-text query', () => {
    expect(searchSchema.safeParse({ query: '   ' }).success).toBe(false)
    expect(searchSchema.safeParse({ query: 'x'.repeat(SEARCH_QUERY_MAX + 1) }).success).toBe(false)
    expect(searchSchema.safeParse({ query: 42 }).success).toBe(false)
    expect(searchSchema.safeParse({}).success).toBe(false)
    expect(searchSchema.parse({ query: '  rock ' })).toEqual({ query: 'rock' })
  })
})
