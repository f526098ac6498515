import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { session, user } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { cachedSession, SESSION_CACHE_TTL_MS, type SessionRead } from './session-cache.server'

/*
 * The cache stands in for Better Auth's session read. Here `read` is that
 * read done by hand (the session row by token, with its user), counted, so
 * every test sees both what the cache answers and whether it asked.
 */

async function signedInUser(name: string) {
  const actor = await createActor(db, name)
  const token = crypto.randomUUID()
  await db.insert(session).values({
    id: crypto.randomUUID(),
    token,
    userId: actor.id,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
  })
  const cookie = `better-auth.session_token=${token}.signature; theme=dark`
  let reads = 0
  const read = async (): Promise<SessionRead | null> => {
    reads += 1
    const [row] = await db
      .select({
        id: user.id,
        name: user.name,
        emailVerified: user.emailVerified,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, token))
    if (!row) return null
    return {
      actor: { id: row.id, name: row.name, emailVerified: row.emailVerified },
      expiresAt: row.expiresAt,
    }
  }
  return { actor, token, cookie, read, reads: () => reads }
}

// Both engines notify this process (decision 0050); across instances see coherence.integration.test.ts.
describe('cachedSession where the database notifies this process', () => {
  it('reads a session once, then answers from memory', async () => {
    const alice = await signedInUser('Alice')
    const first = await cachedSession(db, alice.cookie, alice.read)
    const second = await cachedSession(db, alice.cookie, alice.read)
    expect(first).toEqual({ id: alice.actor.id, name: 'Alice', emailVerified: true })
    expect(second).toEqual(first)
    expect(alice.reads()).toBe(1)
  })

  it('a revoked session is refused at once', async () => {
    const bob = await signedInUser('Bob')
    await cachedSession(db, bob.cookie, bob.read)
    await db.delete(session).where(eq(session.token, bob.token))
    expect(await cachedSession(db, bob.cookie, bob.read)).toBeNull()
    expect(bob.reads()).toBe(2)
  })

  it('a change to the user (a new name, a verified address) is seen at once', async () => {
    const carol = await signedInUser('Carol')
    await cachedSession(db, carol.cookie, carol.read)
    await db.update(user).set({ name: 'Carol B.' }).where(eq(user.id, carol.actor.id))
    expect((await cachedSession(db, carol.cookie, carol.read))?.name).toBe('Carol B.')
  })

  it("another user's change leaves this session cached", async () => {
    const dan = await signedInUser('Dan')
    const erin = await signedInUser('Erin')
    await cachedSession(db, dan.cookie, dan.read)
    await db.delete(session).where(eq(session.token, erin.token))
    await cachedSession(db, dan.cookie, dan.read)
    expect(dan.reads()).toBe(1)
  })

  it('asks again after the time to live, and never past the session expiry', async () => {
    const fay = await signedInUser('Fay')
    const start = Date.now()
    await cachedSession(db, fay.cookie, fay.read, () => start)
    await cachedSession(db, fay.cookie, fay.read, () => start + SESSION_CACHE_TTL_MS - 1)
    expect(fay.reads()).toBe(1)
    await cachedSession(db, fay.cookie, fay.read, () => start + SESSION_CACHE_TTL_MS)
    expect(fay.reads()).toBe(2)

    const soon = new Date(start + 1_000)
    const expiring = async () => ({ actor: fay.actor, expiresAt: soon })
    const cookie = `${fay.cookie}; other=1`
    await cachedSession(db, cookie, expiring, () => start)
    let asked = 0
    await cachedSession(
      db,
      cookie,
      async () => {
        asked += 1
        return null
      },
      () => start + 1_000,
    )
    expect(asked).toBe(1)
  })

  it('does not keep a session whose user changed while it was being read', async () => {
    const gus = await signedInUser('Gus')
    const racing = async () => {
      const answer = await gus.read()
      // The revocation commits after the read saw the row, before the answer is kept.
      await db.delete(session).where(eq(session.token, gus.token))
      return answer
    }
    expect(await cachedSession(db, gus.cookie, racing)).not.toBeNull()
    expect(await cachedSession(db, gus.cookie, gus.read)).toBeNull()
  })

  it('keeps nothing for a visitor without a session', async () => {
    let asked = 0
    const none = async () => {
      asked += 1
      return null
    }
    await cachedSession(db, 'theme=dark', none)
    await cachedSession(db, 'theme=dark', none)
    await cachedSession(db, null, none)
    expect(asked).toBe(3)
  })
})
