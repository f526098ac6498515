import { and, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from '~/config/demo-account'
import { getAuth } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { group, groupActivity, groupItem, libraryEntry, user } from '../db/schema'
import { seedDemo } from './seed.server'

async function demoUserId() {
  const db = await getDb()
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_ACCOUNT.email))
  if (!row) throw new Error('no demo user')
  return row.id
}

async function depthOf(groupId: string): Promise<number> {
  const db = await getDb()
  let depth = 0
  let current: string | null = groupId
  while (current) {
    const [row]: { parentId: string | null }[] = await db
      .select({ parentId: group.parentId })
      .from(group)
      .where(eq(group.id, current))
    depth += 1
    current = row?.parentId ?? null
  }
  return depth
}

describe('seedDemo', () => {
  it('creates the demo account with a realistic library in a three-level tree', async () => {
    const db = await getDb()
    expect(await seedDemo(db, await getAuth())).toBe(true)
    const userId = await demoUserId()

    const entries = await db
      .select({ kind: libraryEntry.kind, value: count() })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, userId))
      .groupBy(libraryEntry.kind)
    const channels = entries.find((row) => row.kind === 'channel')?.value ?? 0
    const animes = entries.find((row) => row.kind === 'anime')?.value ?? 0
    expect(channels).toBeGreaterThanOrEqual(35)
    expect(channels).toBeLessThanOrEqual(50)
    expect(animes).toBeGreaterThanOrEqual(3)

    const groups = await db
      .select({ id: group.id, name: group.name })
      .from(group)
      .where(eq(group.ownerId, userId))
    const depths = await Promise.all(groups.map((row) => depthOf(row.id)))
    expect(Math.max(...depths)).toBe(3)
    const topLevel = await db
      .select({ value: count() })
      .from(group)
      .where(and(eq(group.ownerId, userId), isNull(group.parentId)))
    expect(topLevel[0]?.value).toBeGreaterThan(2)

    // One channel sits in two groups; two stay ungrouped.
    const memberships = await db
      .select({ entryId: groupItem.entryId, value: count() })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(eq(libraryEntry.userId, userId))
      .groupBy(groupItem.entryId)
    expect(memberships.some((row) => row.value > 1)).toBe(true)
    expect(channels + animes - memberships.length).toBe(2)

    // The overview's activity tells how the tree was made, one line per group.
    const created = await db
      .select({ groupId: groupActivity.groupId, details: groupActivity.details })
      .from(groupActivity)
      .where(and(eq(groupActivity.ownerId, userId), eq(groupActivity.action, 'group.created')))
    expect(created).toHaveLength(groups.length)
    expect(new Set(created.map((row) => row.groupId))).toEqual(new Set(groups.map((row) => row.id)))
    expect(created).toContainEqual({
      groupId: groups.find((row) => row.name === 'Phones')?.id,
      details: { name: 'Phones', parent: 'Reviews' },
    })
  })

  it('is idempotent', async () => {
    const db = await getDb()
    expect(await seedDemo(db, await getAuth())).toBe(false)
    const userId = await demoUserId()
    const [groups] = await db
      .select({ value: count() })
      .from(group)
      .where(eq(group.ownerId, userId))
    expect(groups?.value).toBe(16)
    const [lines] = await db
      .select({ value: count() })
      .from(groupActivity)
      .where(eq(groupActivity.ownerId, userId))
    expect(lines?.value).toBe(16)
  })
})
