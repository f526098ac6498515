import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT, DEMO_TEAMMATE } from '~/config/demo-account'
import { type Auth, createAuth } from '~/server/auth/auth.server'
import { getEnv } from '~/server/env.server'
import { openTestInstance, type TestInstance } from '~/server/jobs/test-instances'
import { createTestDatabase } from '../../tests/setup/test-database'
import { db } from '../../tests/support/database'
import type { Database, DatabaseHandle } from '../db/client.server'
import {
  account,
  anime,
  channel,
  channelStat,
  group,
  groupItem,
  groupMember,
  libraryEntry,
  user,
  video,
} from '../db/schema'
import { createUser } from './factories/users.server'
import { seedDemo, seedDemoLibrary } from './seed.server'

/*
 * Issue 22 item 3: three instances starting together with DEMO_MODE on an
 * empty database: two crashed on duplicate keys and the demo stayed
 * half-seeded for good.
 */

async function counted(query: Promise<{ value: number }[]>): Promise<number> {
  return (await query)[0]?.value ?? 0
}

/** Everything the demo consists of, counted; equal counts mean the same demo. */
async function demoCounts(db: Database) {
  const people = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [DEMO_ACCOUNT.email, DEMO_TEAMMATE.email]))
  const perPerson: Record<string, Record<string, number>> = {}
  for (const person of people) {
    perPerson[person.email] = {
      passwordLogins: await counted(
        db
          .select({ value: count() })
          .from(account)
          .where(and(eq(account.userId, person.id), eq(account.providerId, 'credential'))),
      ),
      entries: await counted(
        db.select({ value: count() }).from(libraryEntry).where(eq(libraryEntry.userId, person.id)),
      ),
      groups: await counted(
        db.select({ value: count() }).from(group).where(eq(group.ownerId, person.id)),
      ),
      items: await counted(
        db
          .select({ value: count() })
          .from(groupItem)
          .innerJoin(group, eq(group.id, groupItem.groupId))
          .where(eq(group.ownerId, person.id)),
      ),
      sharesReceived: await counted(
        db.select({ value: count() }).from(groupMember).where(eq(groupMember.userId, person.id)),
      ),
    }
  }
  return {
    people: people.length,
    perPerson,
    channels: await counted(db.select({ value: count() }).from(channel)),
    animes: await counted(db.select({ value: count() }).from(anime)),
    videos: await counted(db.select({ value: count() }).from(video)),
    snapshots: await counted(db.select({ value: count() }).from(channelStat)),
  }
}

let auth: Auth
let reference: Awaited<ReturnType<typeof demoCounts>>
let others: TestInstance[] = []
const fresh: DatabaseHandle[] = []

beforeAll(async () => {
  auth = createAuth(db, getEnv())
  // One seed, alone, on a database of its own: what a complete demo counts.
  const alone = await createTestDatabase()
  fresh.push(alone)
  expect(await seedDemo(alone.db, createAuth(alone.db, getEnv()))).toBe(true)
  reference = await demoCounts(alone.db)
  others = [await openTestInstance(db), await openTestInstance(db)]
})

afterAll(async () => {
  for (const other of others) await other.close()
  for (const handle of fresh) await handle.close()
})

describe('seedDemo', () => {
  it('is complete by itself: two people, their trees, the two shares', () => {
    expect(reference.people).toBe(2)
    expect(reference.perPerson[DEMO_ACCOUNT.email]).toMatchObject({
      passwordLogins: 1,
      groups: 16,
      sharesReceived: 1,
    })
    expect(reference.perPerson[DEMO_TEAMMATE.email]).toMatchObject({
      passwordLogins: 1,
      groups: 4,
      sharesReceived: 1,
    })
  })

  it('run by three instances at once on an empty database: no error, one complete demo', async () => {
    const handles = [db, ...others.map((other) => other.db)]
    const outcomes = await Promise.allSettled(
      handles.map((handle) => seedDemo(handle, createAuth(handle, getEnv()))),
    )
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
    const created = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    )
    expect(created.filter(Boolean)).toHaveLength(1)
    expect(await demoCounts(db)).toEqual(reference)
  })

  it('completes a demo left half-seeded, and leaves a complete one alone', async () => {
    const half = await createTestDatabase()
    fresh.push(half)
    const halfAuth = createAuth(half.db, getEnv())
    // What the old race left: the demo account and its library, no teammate, no shares.
    const demo = await createUser(halfAuth, { ...DEMO_ACCOUNT, verified: true })
    await seedDemoLibrary(half.db, demo.id)

    expect(await seedDemo(half.db, halfAuth)).toBe(true)
    expect(await demoCounts(half.db)).toEqual(reference)
    expect(await seedDemo(half.db, halfAuth)).toBe(false)
    expect(await demoCounts(half.db)).toEqual(reference)
  })

  it('signs the demo account in with its password', async () => {
    const response = await auth.api.signInEmail({
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      asResponse: true,
    })
    expect(response.status).toBe(200)
  })
})
