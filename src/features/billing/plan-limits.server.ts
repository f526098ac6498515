import { and, count, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { lockTree, TREE_WALK_GUARD } from '~/db/group-tree.server'
import { firstRow, integer } from '~/db/raw-rows.server'
import {
  type ActivityAction,
  group,
  groupInvitation,
  groupMember,
  job,
  libraryEntry,
  subscription,
  user,
} from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import type { PlanLimits } from '~/features/billing/plans'
import { updateSeats } from '~/features/billing/stripe.server'
import { billingConfigured, limitsOf } from '~/features/billing/subscription.server'
import { AppError, PLAN_LIMIT_ERRORS } from '~/lib/app-error'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'

/*
 * Plan limits, checked by every write that grows an owner's tree, library or circle. They follow the
 * owner, not the writer (an editor spends the owner's room); an account over a limit keeps every row.
 */

export type PlanLimitName = keyof PlanLimits

export type Usage = { groups: number; depth: number; channels: number; shareMembers: number }

/** What a write would add; `depth` is the deepest level it would leave, `depthBefore` the deepest it had. */
export type Growth = {
  groups?: number
  depth?: number
  depthBefore?: number
  channels?: number
  /** Entries this write has put in the library already (an import's staging): growth, but counted. */
  stagedChannels?: number
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

/** Lower-cased addresses of the owner's group members and open invitations. */
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

export async function usageOf(db: Database, ownerId: string): Promise<Usage> {
  const [groups, depth, channels, people] = await Promise.all([
    groupCountOf(db, ownerId),
    treeDepthOf(db, ownerId),
    entryCountOf(db, ownerId),
    sharedPeopleOf(db, ownerId),
  ])
  return { groups, depth, channels, shareMembers: people.size }
}

/** The limits a write would pass, without writing (for an import preview). Empty when the instance does not bill. */
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
  if (channels + (growth.stagedChannels ?? 0) > 0 && limits.channels !== null) {
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

/**
 * Serialises a limit check with the write it guards, else two concurrent adds both pass. Groups, depth,
 * entries: the tree lock those writes take anyway (re-entrant). People: their own lock, as joins lock their
 * link or invitation row first and a group's deletion locks those rows under the tree lock.
 */
async function lockRoom(tx: Database, ownerId: string, kind: 'tree' | 'people'): Promise<void> {
  if (kind === 'tree') return lockTree(tx, ownerId)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`people:${ownerId}`}, 0))`)
}

/**
 * Call inside the write's transaction, before it writes: the room stays locked until commit. Pass a growth
 * read from the database as a function, so it is read under the lock too.
 */
export async function requireRoom(
  tx: Database,
  ownerId: string,
  growth: Growth | (() => Promise<Growth>),
): Promise<void> {
  if (!billingConfigured()) return
  const people = typeof growth !== 'function' && (growth.people?.length ?? 0) > 0
  await lockRoom(tx, ownerId, people ? 'people' : 'tree')
  const [breach] = await limitBreaches(
    tx,
    ownerId,
    typeof growth === 'function' ? await growth() : growth,
  )
  if (breach) throw planLimitError(breach)
}

/** Share links: refused on a plan that shares with nobody or when already at the people limit. */
export async function requireShareRoom(tx: Database, ownerId: string): Promise<void> {
  const limits = await limitsOf(tx, ownerId)
  if (!limits || limits.shareMembers === null) return
  await lockRoom(tx, ownerId, 'people')
  if ((await sharedPeopleOf(tx, ownerId)).size >= limits.shareMembers) {
    throw planLimitError({ limit: 'shareMembers', max: limits.shareMembers })
  }
}

/*
 * Business seats (decision 0062): quantity = people shared with + the owner. Writes that change them record
 * a PEOPLE_ACTIONS activity, whose writer queues the seat job in the same transaction (so only on commit);
 * a daily run catches what no write announces (an invitation expiring, a member's account deleted).
 */

/** The actions after which the people an owner shares with may differ. */
export const PEOPLE_ACTIONS: ReadonlySet<ActivityAction> = new Set<ActivityAction>([
  'member.joined',
  'member.left',
  'member.removed',
  'invitation.sent',
  'invitation.cancelled',
  'group.deleted',
  'group.restored',
  'group.transferred',
])

/** Rounds a run takes at most when the people change again while Stripe is asked. */
const SEAT_ROUNDS = 3

/** Business subscriptions billed through Stripe, among `ownerIds` (all of them when omitted). */
async function businessOwners(db: Database, ownerIds?: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: subscription.userId })
    .from(subscription)
    .where(
      and(
        eq(subscription.plan, 'business'),
        isNotNull(subscription.stripeSubscriptionId),
        ne(subscription.status, 'canceled'),
        ownerIds ? anyOf(subscription.userId, [...ownerIds]) : undefined,
      ),
    )
  return rows.map((row) => row.userId)
}

/**
 * Prorated; counts again after asking Stripe so a concurrent change is not left behind. A Stripe failure
 * throws (the job retries it).
 */
export async function syncSeats(db: Database, ownerId: string): Promise<void> {
  if (!billingConfigured()) return
  let seats = (await sharedPeopleOf(db, ownerId)).size + 1
  for (let round = 0; round < SEAT_ROUNDS; round++) {
    await updateSeats(db, ownerId, seats)
    const now = (await sharedPeopleOf(db, ownerId)).size + 1
    if (now === seats) return
    seats = now
  }
}

export const seatSyncJob = defineJob({
  name: 'billing.seats',
  schema: z.object({ ownerId: z.string().min(1).optional() }),
  maxAttempts: 5,
  backoffMs: 30_000,
  handler: async (payload) => {
    const db = await getDb()
    const owners = payload.ownerId ? [payload.ownerId] : await businessOwners(db)
    for (const ownerId of owners) await syncSeats(db, ownerId)
  },
})

/** Daily: what changed without a write to announce it. */
export const seatSyncSchedule = defineSchedule({
  name: 'billing.seats',
  cron: '40 3 * * *',
  job: seatSyncJob,
  payload: {},
})

/**
 * Queues each Business owner's seat job in the caller's transaction, unless one is queued. No singleton key:
 * its unique index would make this transaction wait on another's commit while holding its own locks; a
 * duplicate only costs a no-op run.
 */
export async function queueSeatSync(tx: Database, ownerIds: readonly string[]): Promise<void> {
  if (!billingConfigured() || ownerIds.length === 0) return
  const owners = await businessOwners(tx, [...new Set(ownerIds)])
  if (owners.length === 0) return
  const payloadOwner = sql<string>`${job.payload}->>'ownerId'`
  const queued = await tx
    .select({ ownerId: payloadOwner })
    .from(job)
    .where(
      and(eq(job.name, seatSyncJob.name), eq(job.state, 'queued'), inArray(payloadOwner, owners)),
    )
  const waiting = new Set(queued.map((row) => row.ownerId))
  for (const ownerId of owners) {
    if (!waiting.has(ownerId)) await enqueue(tx, seatSyncJob, { ownerId })
  }
}
