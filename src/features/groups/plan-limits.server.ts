import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { PlanLimits } from '~/config/plans'
import type { Database } from '~/db/client.server'
import { firstRow, integer } from '~/db/raw-rows.server'
import { group, groupInvitation, groupMember, libraryEntry, user } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { AppError, PLAN_LIMIT_ERRORS } from '~/lib/app-error'
import { updateSeats } from '~/server/billing/stripe.server'
import { billingConfigured, limitsOf } from '~/server/billing/subscription.server'
import { log } from '~/server/logger.server'
import { TREE_WALK_GUARD } from './tree'

/*
 * The plan limits (src/config/plans.ts), checked on the server by every
 * write that grows an owner's tree, library or circle of people: the one
 * place they are read. Limits follow the owner of what grows, not whoever
 * writes: an editor adding to a shared group spends the owner's room.
 * Nothing here shrinks anything: an account over a limit (after a
 * downgrade) keeps every row and is only refused growing further.
 */

export type PlanLimitName = keyof PlanLimits

export type Usage = { groups: number; depth: number; channels: number; shareMembers: number }

/** What a write would add; `depth` is the deepest level it would leave, `depthBefore` the deepest it had. */
export type Growth = {
  groups?: number
  depth?: number
  depthBefore?: number
  channels?: number
  /** Addresses (any case) of the people the write would share with. */
  people?: readonly string[]
}

export type LimitBreach = { limit: PlanLimitName; max: number }

export function planLimitError(breach: LimitBreach): AppError {
  return new AppError(PLAN_LIMIT_ERRORS[breach.limit], { max: breach.max })
}

export async function groupCountOf(db: Database, ownerId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(group).where(eq(group.ownerId, ownerId))
  return row?.value ?? 0
}

/** Channels and animes alike: every library entry counts as one of the plan's "channels". */
export async function entryCountOf(db: Database, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, ownerId))
  return row?.value ?? 0
}

/** The deepest level of the owner's tree (0 when it has no group). */
export async function treeDepthOf(db: Database, ownerId: string): Promise<number> {
  const result = await db.execute(sql`
    with recursive levels(id, depth) as (
      select g.id, 1 from ${group} g where g.owner_id = ${ownerId} and g.parent_id is null
      union all
      select c.id, l.depth + 1 from ${group} c join levels l on c.parent_id = l.id
      where l.depth < ${TREE_WALK_GUARD}
    )
    select coalesce(max(depth), 0)::int as depth from levels`)
  return integer(firstRow(result).depth)
}

/**
 * The people the owner shares with, by lower-cased address: members of any
 * of their groups and addresses with an invitation still open.
 */
export async function sharedPeopleOf(db: Database, ownerId: string): Promise<Set<string>> {
  const members = await db
    .selectDistinct({ email: user.email })
    .from(groupMember)
    .innerJoin(group, eq(group.id, groupMember.groupId))
    .innerJoin(user, eq(user.id, groupMember.userId))
    .where(eq(group.ownerId, ownerId))
  const invited = await db
    .selectDistinct({ email: groupInvitation.email })
    .from(groupInvitation)
    .innerJoin(group, eq(group.id, groupInvitation.groupId))
    .where(
      and(
        eq(group.ownerId, ownerId),
        isNull(groupInvitation.acceptedAt),
        isNull(groupInvitation.cancelledAt),
        gt(groupInvitation.expiresAt, new Date()),
      ),
    )
  return new Set([...members, ...invited].map((row) => row.email.toLowerCase()))
}

/** How many of these catalogue ids are not in the owner's library yet. */
export async function newEntryCount(
  db: Database,
  ownerId: string,
  ids: { channelIds?: readonly string[]; animeIds?: readonly string[] },
): Promise<number> {
  const channelIds = [...new Set(ids.channelIds ?? [])]
  const animeIds = [...new Set(ids.animeIds ?? [])]
  let known = 0
  if (channelIds.length > 0) {
    const [row] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, ownerId), anyOf(libraryEntry.channelId, channelIds)))
    known += row?.value ?? 0
  }
  if (animeIds.length > 0) {
    const [row] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, ownerId), anyOf(libraryEntry.animeId, animeIds)))
    known += row?.value ?? 0
  }
  return channelIds.length + animeIds.length - known
}

/** The owner's usage of every limit, for the billing screen. */
export async function usageOf(db: Database, ownerId: string): Promise<Usage> {
  const [groups, depth, channels, people] = await Promise.all([
    groupCountOf(db, ownerId),
    treeDepthOf(db, ownerId),
    entryCountOf(db, ownerId),
    sharedPeopleOf(db, ownerId),
  ])
  return { groups, depth, channels, shareMembers: people.size }
}

/**
 * The limits a write would pass, without writing (an import preview says
 * them before anything is applied). Empty when the instance does not bill.
 */
export async function limitBreaches(
  db: Database,
  ownerId: string,
  growth: Growth,
): Promise<LimitBreach[]> {
  const limits = await limitsOf(db, ownerId)
  if (!limits) return []
  const breaches: LimitBreach[] = []
  const groups = growth.groups ?? 0
  if (groups > 0 && limits.groups !== null) {
    if ((await groupCountOf(db, ownerId)) + groups > limits.groups) {
      breaches.push({ limit: 'groups', max: limits.groups })
    }
  }
  const depth = growth.depth ?? 0
  if (depth > limits.depth && depth > (growth.depthBefore ?? 0)) {
    breaches.push({ limit: 'depth', max: limits.depth })
  }
  const channels = growth.channels ?? 0
  if (channels > 0 && limits.channels !== null) {
    if ((await entryCountOf(db, ownerId)) + channels > limits.channels) {
      breaches.push({ limit: 'channels', max: limits.channels })
    }
  }
  const people = (growth.people ?? []).map((email) => email.toLowerCase())
  if (people.length > 0 && limits.shareMembers !== null) {
    const current = await sharedPeopleOf(db, ownerId)
    const added = new Set(people.filter((email) => !current.has(email)))
    if (added.size > 0 && current.size + added.size > limits.shareMembers) {
      breaches.push({ limit: 'shareMembers', max: limits.shareMembers })
    }
  }
  return breaches
}

/** Refuses a write that would grow the owner's account past a limit of their plan. */
export async function requireRoom(db: Database, ownerId: string, growth: Growth): Promise<void> {
  const [breach] = await limitBreaches(db, ownerId, growth)
  if (breach) throw planLimitError(breach)
}

/**
 * Share links: refused outright on a plan that shares with nobody, and
 * when the owner already shares with as many people as the plan allows.
 */
export async function requireShareRoom(db: Database, ownerId: string): Promise<void> {
  const limits = await limitsOf(db, ownerId)
  if (!limits || limits.shareMembers === null) return
  if ((await sharedPeopleOf(db, ownerId)).size >= limits.shareMembers) {
    throw planLimitError({ limit: 'shareMembers', max: limits.shareMembers })
  }
}

/**
 * After the people an owner shares with changed (a join, an invitation, a
 * removal): a Business subscription's quantity follows them (plus the
 * owner), prorated. Called after the change commits; a Stripe failure is
 * logged, never the sharing's failure, and the next change sets it right.
 */
export async function syncSeats(db: Database, ownerId: string): Promise<void> {
  if (!billingConfigured()) return
  try {
    await updateSeats(db, ownerId, (await sharedPeopleOf(db, ownerId)).size + 1)
  } catch (error) {
    log.warn('billing: seats not updated', {
      error: error instanceof Error ? error.name : 'unknown',
    })
  }
}
