import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { libraryEntry } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { demoChannel, seedLibrary } from '../../../tests/support/library-world'
import { grant } from '../../../tests/support/sharing-world'
import { getChannelGrowth } from './growth.server'

/* Issue 21: a channel's growth page names it by its own title for a member, never by the owner's alias. */

describe('a shared channel’s growth', () => {
  it('shows a member the channel’s title and the owner their alias', async () => {
    const owner = await createActor(db, 'Olivia')
    const seeded = await seedLibrary(
      db,
      owner,
      ['mkbhd'],
      [{ name: 'Shared', items: [demoChannel('mkbhd').id] }],
    )
    const entryId = seeded.entry('mkbhd')
    await db
      .update(libraryEntry)
      .set({ alias: 'My secret name' })
      .where(eq(libraryEntry.id, entryId))
    const viewer = await createActor(db, 'Vera')
    await grant(seeded.group('Shared'), viewer, 'viewer')

    const seen = await getChannelGrowth(db, viewer, { entryId, range: 30 })
    expect(seen.channel.title).toBe(demoChannel('mkbhd').title)
    const own = await getChannelGrowth(db, owner, { entryId, range: 30 })
    expect(own.channel.title).toBe('My secret name')
  })
})
