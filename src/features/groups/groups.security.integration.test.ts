import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { libraryEntry } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { activityOf, demoChannel, seedLibrary } from '../../../tests/support/library-world'
import { grant } from '../../../tests/support/sharing-world'
import { getGroupDetail } from './groups.server'
import { addItems } from './items.server'

/*
 * Issue 21: an entry's alias and tags are its owner's private notes. A member
 * of a shared group sees the channel's own title and no tags, in the group's
 * items and in the activity every member reads.
 */

async function sharedWithPrivateNotes() {
  const owner = await createActor(db, 'Olivia')
  const seeded = await seedLibrary(
    db,
    owner,
    ['mkbhd', 'veritasium'],
    [{ name: 'Shared', items: [demoChannel('mkbhd').id] }],
  )
  for (const handle of ['mkbhd', 'veritasium']) {
    await db
      .update(libraryEntry)
      .set({ alias: `My secret name for ${handle}`, tags: ['client-x', 'unpaid'] })
      .where(eq(libraryEntry.id, seeded.entry(handle)))
  }
  return { owner, seeded, shared: seeded.group('Shared') }
}

describe('a shared group’s items', () => {
  it('show a member the channel’s own title and no tags, and the owner their alias and tags', async () => {
    const { owner, shared } = await sharedWithPrivateNotes()
    for (const role of ['viewer', 'editor'] as const) {
      const member = await createActor(db, `Member ${role}`)
      await grant(shared, member, role)
      const { items } = await getGroupDetail(db, member, { id: shared })
      expect(items).toEqual([
        expect.objectContaining({ title: demoChannel('mkbhd').title, tags: [] }),
      ])
    }
    const { items } = await getGroupDetail(db, owner, { id: shared })
    expect(items).toEqual([
      expect.objectContaining({ title: 'My secret name for mkbhd', tags: ['client-x', 'unpaid'] }),
    ])
  })

  it('name the channel by its public title in the activity members read', async () => {
    const { owner, seeded, shared } = await sharedWithPrivateNotes()
    const editor = await createActor(db, 'Eddie')
    await grant(shared, editor, 'editor')
    await addItems(db, editor, { groupId: shared, entryIds: [seeded.entry('veritasium')] })
    const lines = JSON.stringify(await activityOf(db, owner.id))
    expect(lines).toContain(demoChannel('veritasium').title)
    expect(lines).not.toContain('My secret name')
  })
})
