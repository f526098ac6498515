import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { libraryEntry } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { demoChannel, seedLibrary } from '../../../tests/support/library-world'
import { makeLink } from '../../../tests/support/sharing-world'
import { getSharePreview } from './share-links.server'

/*
 * Issue 21: a link's preview, read by anyone holding the link (signed out
 * included), shows the channels' own titles, never the owner's aliases.
 */

describe('a share link’s preview', () => {
  it('shows the channels’ own titles, in the group and filled from its subgroups', async () => {
    const owner = await createActor(db, 'Olivia')
    const seeded = await seedLibrary(
      db,
      owner,
      ['mkbhd', 'veritasium'],
      [
        {
          name: 'Shared',
          items: [demoChannel('mkbhd').id],
          children: [{ name: 'Below', items: [demoChannel('veritasium').id] }],
        },
      ],
    )
    for (const handle of ['mkbhd', 'veritasium']) {
      await db
        .update(libraryEntry)
        .set({ alias: `My secret name for ${handle}` })
        .where(eq(libraryEntry.id, seeded.entry(handle)))
    }
    const link = await makeLink(owner, seeded.group('Shared'), 'view')
    const stranger = await createActor(db, 'Stranger')
    for (const reader of [null, stranger]) {
      const preview = await getSharePreview(db, reader, { linkId: link.token, permission: 'view' })
      expect(preview.items.map((item) => item.title).sort()).toEqual(
        [demoChannel('mkbhd').title, demoChannel('veritasium').title].sort(),
      )
    }
  })
})
