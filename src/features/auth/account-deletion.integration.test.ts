import { describe, expect, it } from 'vitest'
import { groupMember } from '~/db/schema'
import { addToLibrary, createTree, upsertCatalogue } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { getDb } from '~/server/database.server'
import { deletionSummary } from './account-deletion.server'

/*
 * What the deletion dialog says goes (the mail that confirms it is tested with
 * the deletion itself, in auth-accounts.integration.test.ts).
 */

describe('deletion summary', () => {
  it('counts owned groups, library entries, groups shared with others and grants held', async () => {
    const db = await getDb()
    const person = await createActor(db, 'Sasha Summary')
    const other = await createActor(db, 'Olga Other')
    const friend = await createActor(db, 'Fred Friend')
    const channels = ['UCsummary00000000000001', 'UCsummary00000000000002'].map((id, at) => ({
      id,
      title: `Summary ${at}`,
      avatarUrl: null,
    }))
    await upsertCatalogue(db, {
      channels,
      animes: [{ id: 'GSUMMARY01', slug: 'summary', title: 'Summary Show', posterUrl: null }],
    })
    const entries = await addToLibrary(db, person.id, {
      channelIds: channels.map((c) => c.id),
      animeIds: ['GSUMMARY01'],
    })
    const mine = await createTree(
      db,
      person.id,
      [{ name: 'Mine', children: [{ name: 'Inner' }] }, { name: 'Shared out' }],
      entries,
    )
    const theirs = await createTree(db, other.id, [{ name: 'Theirs' }], new Map())
    const id = (ids: Map<string, string>, name: string) => ids.get(name) ?? ''
    await db.insert(groupMember).values([
      // Two members of one group count once; a grant on the user's own group is no "share".
      { groupId: id(mine, 'Shared out'), userId: other.id, role: 'viewer' },
      { groupId: id(mine, 'Shared out'), userId: friend.id, role: 'editor' },
      { groupId: id(theirs, 'Theirs'), userId: person.id, role: 'viewer' },
    ])

    expect(await deletionSummary(db, person.id)).toEqual({
      groups: 3,
      channels: 2,
      animes: 1,
      sharedGroups: 1,
      memberOf: 1,
    })
    // Another user's summary is their own.
    expect(await deletionSummary(db, friend.id)).toEqual({
      groups: 0,
      channels: 0,
      animes: 0,
      sharedGroups: 0,
      memberOf: 1,
    })
  })
})
