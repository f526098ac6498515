import { describe, expect, it } from 'vitest'
import { createActor } from '~/seed/factories/users.server'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import { demoChannel, seedLibrary } from '../../../tests/support/library-world'
import { grant } from '../../../tests/support/sharing-world'
import { resolveChannels } from './add-channels.server'

/*
 * Issue 21, item 7: checking pasted channels against a shared group says
 * nothing about the rest of the owner's library.
 */

runCatalogueFakes()

describe('resolveChannels against a shared group', () => {
  it('answers from the member’s own library and the group’s items, never the owner’s library', async () => {
    const owner = await createActor(db, 'Olivia')
    const seeded = await seedLibrary(
      db,
      owner,
      ['mkbhd', 'veritasium', 'kurzgesagt'],
      // mkbhd in the share, veritasium in a private group, kurzgesagt in no group.
      [
        { name: 'Shared', items: [demoChannel('mkbhd').id] },
        { name: 'Private', items: [demoChannel('veritasium').id] },
      ],
    )
    const shared = seeded.group('Shared')

    for (const role of ['viewer', 'editor'] as const) {
      const member = await createActor(db, `Member ${role}`)
      await grant(shared, member, role)
      // The member's own library holds numberphile.
      await seedLibrary(db, member, ['numberphile'])
      const lines = await resolveChannels(db, member, {
        text: ['@mkbhd', '@veritasium', '@kurzgesagt', '@numberphile'].join('\n'),
        groupId: shared,
      })
      expect(lines.map((line) => line.status)).toEqual(['inGroup', 'new', 'new', 'inLibrary'])
    }

    // The owner still hears about their own library.
    const own = await resolveChannels(db, owner, {
      text: ['@mkbhd', '@veritasium', '@kurzgesagt', '@numberphile'].join('\n'),
      groupId: shared,
    })
    expect(own.map((line) => line.status)).toEqual(['inGroup', 'inLibrary', 'inLibrary', 'new'])
  })
})
