import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { asReadOnlyRequest } from '~/db/change-feed.server'
import { changeFeedOf, type Database, type DatabaseHandle, openDatabase } from '~/db/client.server'
import { group as groupTable, session, user } from '~/db/schema'
import type { Actor } from '~/server/auth/session-cache.server'
import { cachedSession, type SessionRead } from '~/server/auth/session-cache.server'
import { getDb } from '~/server/database.server'
import { testEngine } from '../../../tests/setup/test-database'
import { type GroupsWorld, groupsWorld } from '../../../tests/support/groups-world'
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy'
import { parseGroupTree } from './groups.schemas'
import { updateGroup } from './groups.server'
import * as tree from './tree.server'

/*
 * Two app instances on one PostgreSQL (decision 0050): A writes, B answers
 * from memory, and B is never behind a write A has acknowledged. B opens the
 * database as the app does, through a TCP proxy the tests can hold back or cut.
 */

let a: Database
let world: GroupsWorld
let proxy: TcpProxy
let handleB: DatabaseHandle
let b: Database
/** Statements B's pool ran (its listening connection is not counted). */
let statementsOnB = 0

beforeAll(async () => {
  if (testEngine !== 'postgres') return
  a = await getDb()
  world = groupsWorld(a)
  const result = await a.execute(sql`select current_database() as name`)
  const [row] = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result).rows
  const own = new URL(process.env.TEST_DATABASE_URL ?? '')
  own.pathname = `/${row?.name ?? ''}`
  proxy = await startTcpProxy(own.toString())
  handleB = await openDatabase({
    engine: 'postgres',
    url: proxy.url,
    logger: {
      logQuery: () => {
        statementsOnB += 1
      },
    },
  })
  b = handleB.db
})

afterAll(async () => {
  await handleB?.close()
  await proxy?.close()
})

async function countOnB<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  statementsOnB = 0
  const value = await work()
  return { value, statements: statementsOnB }
}

async function treeOnB(owner: Actor) {
  const wire = await tree.getGroupTreeWire(b, owner)
  return { etag: wire.etag, names: parseGroupTree(new TextDecoder().decode(wire.body)).groups }
}

/** A session made on A, and B's read of it (Better Auth's, by hand), counted. */
async function signedIn(name: string) {
  const actor = await world.actor(name)
  const token = crypto.randomUUID()
  await a.insert(session).values({
    id: crypto.randomUUID(),
    token,
    userId: actor.id,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  })
  let reads = 0
  const readOnB = async (): Promise<SessionRead | null> => {
    reads += 1
    const [found] = await b
      .select({ id: user.id, name: user.name, emailVerified: user.emailVerified })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, token))
    return found ? { actor: found, expiresAt: new Date(Date.now() + 3600_000) } : null
  }
  const cookie = `better-auth.session_token=${token}.sig`
  return {
    actor,
    token,
    onB: () => cachedSession(b, cookie, readOnB),
    reads: () => reads,
  }
}

async function rename(owner: Actor, groupId: string, name: string) {
  const [current] = await a
    .select({ version: groupTable.version })
    .from(groupTable)
    .where(eq(groupTable.id, groupId))
  await updateGroup(a, owner, {
    id: groupId,
    version: current?.version ?? 0,
    name,
    description: '',
    icon: null,
    color: null,
  })
}

/** Waits until B's feed listens again: a cached session is answered without a read. */
async function untilCachingAgain(person: Awaited<ReturnType<typeof signedIn>>) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    try {
      await person.onB()
      const before = person.reads()
      await person.onB()
      if (person.reads() === before) return
    } catch {
      // B's pool is still reconnecting.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('B never listened again')
}

describe.runIf(testEngine === 'postgres')('two instances on one PostgreSQL', () => {
  it('B answers an unchanged tree from memory, and sees every rename on A at its next request', async () => {
    const owner = await world.actor('Owner')
    const group = await world.create(owner, 'Tech')
    let before = await treeOnB(owner)
    const unchanged = await countOnB(() => treeOnB(owner))
    expect(unchanged.value.etag).toBe(before.etag)
    expect(unchanged.statements).toBe(0)
    for (let round = 1; round <= 20; round += 1) {
      await rename(owner, group.id, `Tech ${round}`)
      const after = await treeOnB(owner)
      expect(after.names[0]?.name, `round ${round}`).toBe(`Tech ${round}`)
      expect(after.etag).not.toBe(before.etag)
      before = after
    }
  })

  it('a query on B proves its feed once, and still sees every rename A acknowledged before it arrived', async () => {
    const person = await signedIn('Querier')
    const group = await world.create(person.actor, 'Query')
    // As a GET server function runs on B: the session check, then the tree, in one request.
    const query = () =>
      asReadOnlyRequest(async () => {
        expect((await person.onB())?.id).toBe(person.actor.id)
        return treeOnB(person.actor)
      })
    let before = await query()
    for (let round = 1; round <= 20; round += 1) {
      await rename(person.actor, group.id, `Query ${round}`)
      const after = await query()
      expect(after.names[0]?.name, `round ${round}`).toBe(`Query ${round}`)
      expect(after.etag).not.toBe(before.etag)
      before = after
    }
  })

  it('B refuses a session revoked on A at once, and keeps others cached', async () => {
    for (let round = 0; round < 10; round += 1) {
      const person = await signedIn(`Person ${round}`)
      const bystander = await signedIn(`Bystander ${round}`)
      expect((await person.onB())?.id).toBe(person.actor.id)
      await bystander.onB()
      expect(person.reads()).toBe(1)
      await a.delete(session).where(eq(session.token, person.token))
      expect(await person.onB(), `round ${round}`).toBeNull()
      await bystander.onB()
      expect(bystander.reads()).toBe(1)
    }
  })

  it('B waits for the notification of a write that committed before it was asked', async () => {
    const owner = await world.actor('Owner')
    const group = await world.create(owner, 'Held')
    await treeOnB(owner)
    // B hears nothing for now: A's notification is on its way but not delivered.
    proxy.hold()
    const feed = changeFeedOf(b)
    if (!feed) throw new Error('B has no change feed')
    // B asks its feed whether it has heard everything before it answers from memory: watched.
    const ask = feed.current
    let askedFeed = () => {}
    const asked = new Promise<void>((resolve) => {
      askedFeed = resolve
    })
    let heard: boolean | 'not yet' = 'not yet'
    feed.current = () => {
      const current = ask()
      void current.then((value) => {
        heard = value
      })
      askedFeed()
      return current
    }
    let answered = false
    let answer: Awaited<ReturnType<typeof treeOnB>> | undefined
    try {
      await rename(owner, group.id, 'Held renamed')
      const pending = treeOnB(owner).then((value) => {
        answered = true
        answer = value
      })
      // B waits on its feed, which cannot hear anything while the proxy holds it back.
      await asked
      expect(heard).toBe('not yet')
      expect(answered).toBe(false)
      proxy.release()
      await pending
    } finally {
      feed.current = ask
      proxy.release()
    }
    expect(answer?.names[0]?.name).toBe('Held renamed')
  })

  it('after its listening connection drops, B forgets all it knew and then caches again', async () => {
    const owner = await world.actor('Owner')
    const group = await world.create(owner, 'Before')
    const person = await signedIn('Listener')
    const witness = await signedIn('Witness')
    await treeOnB(owner)
    await person.onB()
    await witness.onB()
    expect(person.reads()).toBe(1)

    // B is cut off; everything A does now is notified while B cannot hear it.
    proxy.cut({ refuse: true })
    await rename(owner, group.id, 'During the outage')
    await a.delete(session).where(eq(session.token, person.token))
    // Not answered from memory: B asks the database, which it cannot reach yet.
    await expect(person.onB()).rejects.toThrow()
    await expect(treeOnB(owner)).rejects.toThrow()
    proxy.accept()

    await untilCachingAgain(witness)
    expect(await person.onB()).toBeNull()
    expect((await treeOnB(owner)).names[0]?.name).toBe('During the outage')
    const again = await countOnB(() => treeOnB(owner))
    expect(again.statements).toBe(0)
  })
})
