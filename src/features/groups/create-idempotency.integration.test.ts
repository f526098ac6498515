import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group, idempotencyKey } from '~/db/schema'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'

/*
 * A create sent again with the same idempotency key (a client retry after a
 * lost answer, or a server that was stopped mid-answer) creates once.
 */

const world = groupsWorld(db)

async function groupsNamed(ownerId: string, name: string) {
  return db
    .select({ id: group.id })
    .from(group)
    .where(and(eq(group.ownerId, ownerId), eq(group.name, name)))
}

describe('createGroup with an idempotency key', () => {
  it('creates once for the same key sent twice and answers the same group', async () => {
    const alice = await world.actor('Alice')
    const key = randomUUID()
    const first = await world.create(alice, 'Retried', null, { idempotencyKey: key })
    const again = await world.create(alice, 'Retried', null, { idempotencyKey: key })
    expect(again).toEqual(first)
    expect(await groupsNamed(alice.id, 'Retried')).toEqual([{ id: first.id }])
  })

  it('creates once when two calls with one key run at the same time', async () => {
    const alice = await world.actor('Alice')
    const key = randomUUID()
    const [one, two] = await Promise.all([
      world.create(alice, 'Raced', null, { idempotencyKey: key }),
      world.create(alice, 'Raced', null, { idempotencyKey: key }),
    ])
    expect(two.id).toBe(one.id)
    expect(await groupsNamed(alice.id, 'Raced')).toHaveLength(1)
  })

  it("keeps another user's identical key apart", async () => {
    const alice = await world.actor('Alice')
    const bob = await world.actor('Bob')
    const key = randomUUID()
    const hers = await world.create(alice, 'Mine', null, { idempotencyKey: key })
    const his = await world.create(bob, 'Mine', null, { idempotencyKey: key })
    expect(his.id).not.toBe(hers.id)
    expect(await groupsNamed(bob.id, 'Mine')).toEqual([{ id: his.id }])
  })

  it('keeps no key when the create is refused, so a corrected retry creates', async () => {
    const alice = await world.actor('Alice')
    await world.create(alice, 'Taken')
    const key = randomUUID()
    expect(await codeOf(world.create(alice, 'Taken', null, { idempotencyKey: key }))).toBe(
      'GROUP_NAME_TAKEN',
    )
    const rows = await db
      .select()
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.userId, alice.id), eq(idempotencyKey.key, key)))
    expect(rows).toEqual([])
  })

  it('creates again under a key older than 24 hours, and creates without a key each time', async () => {
    const alice = await world.actor('Alice')
    const key = randomUUID()
    const first = await world.create(alice, 'Old', null, { idempotencyKey: key })
    await db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKey.key, key))
    const later = await world.create(alice, 'Old two', null, { idempotencyKey: key })
    expect(later.id).not.toBe(first.id)
    await world.create(alice, 'Unkeyed')
    expect(await codeOf(world.create(alice, 'Unkeyed'))).toBe('GROUP_NAME_TAKEN')
  })
})
