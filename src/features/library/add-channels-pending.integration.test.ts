import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupMember } from '~/db/schema'
import { retryPending } from '~/features/library/pending-lookups.server'
import { createTree } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { fakeVideoIds } from '../../../tests/fakes/youtube-rss-fake'
import { db } from '../../../tests/support/database'
import { demo, libraryOf, setUpYoutubeFake } from '../../../tests/support/transfer-world'
import { addChannels, resolveChannels } from './add-channels.server'

/*
 * Add-by-paste against the fake YouTube: a video link stands for its channel
 * (issue 25), and lines YouTube cannot be asked about are pending, then
 * added by the retry job when it answers (decision 0049).
 */

const youtube = setUpYoutubeFake()

describe('pending look-ups in add-by-paste', () => {
  it('resolves a pasted video link to its channel, and names a missing video', async () => {
    const carol = await createActor(db, 'Carol')
    const owner = demo('minutephysics')
    const videoId = fakeVideoIds(owner.id)[0] ?? ''
    // A shorts link of one of its videos, and a video that does not exist.
    const lines = await resolveChannels(db, carol, {
      text: `https://www.youtube.com/shorts/${videoId}\nyoutu.be/AAAAAAAAAAA`,
      groupId: null,
    })
    expect(lines.map((line) => [line.status, line.channel?.id ?? null])).toEqual([
      ['new', owner.id],
      ['videoNotFound', null],
    ])
  })

  it('keeps pasted lines pending when YouTube cannot be reached and adds them when it answers', async () => {
    const dave = await createActor(db, 'Dave')
    const handleChannel = demo('physicsgirl')
    youtube().setUnreachable([''])
    const text = `@${handleChannel.handle}\nUCaaaaaaaaaaaaaaaaaaaaaa`
    const lines = await resolveChannels(db, dave, { text, groupId: null })
    expect(lines.map((line) => line.status)).toEqual(['pending', 'pending'])
    const result = await addChannels(db, dave, {
      channelIds: [],
      pending: lines.map((line) => line.input),
      groupId: null,
    })
    expect(result).toEqual({ added: 1, alreadyThere: 0, pending: 2 })
    expect((await libraryOf(dave.id)).map((row) => row.ref)).toEqual(['UCaaaaaaaaaaaaaaaaaaaaaa'])
    youtube().setUnreachable([])
    expect(await retryPending(db, dave.id)).toEqual({ kind: 'done' })
    expect((await libraryOf(dave.id)).map((row) => row.ref).sort()).toEqual(
      [handleChannel.id, 'UCaaaaaaaaaaaaaaaaaaaaaa'].sort(),
    )
  })

  it("adds nothing to the owner's library for an editor removed before YouTube answered", async () => {
    const olga = await createActor(db, 'Olga')
    const eddie = await createActor(db, 'Eddie')
    const groups = await createTree(db, olga.id, [{ name: 'Team' }], new Map())
    const team = groups.get('Team') ?? ''
    await db.insert(groupMember).values({ groupId: team, userId: eddie.id, role: 'editor' })
    youtube().setUnreachable([''])
    const handle = `@${demo('veritasium').handle}`
    const lines = await resolveChannels(db, eddie, { text: handle, groupId: team })
    expect(lines.map((line) => line.status)).toEqual(['pending'])
    await addChannels(db, eddie, { channelIds: [], pending: [handle], groupId: team })
    await db.delete(groupMember).where(eq(groupMember.userId, eddie.id))
    youtube().setUnreachable([])
    expect(await retryPending(db, eddie.id)).toEqual({ kind: 'done' })
    expect(await libraryOf(olga.id)).toEqual([])
  })
})
