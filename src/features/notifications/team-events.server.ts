import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import type { TeamEvent } from '~/db/enums'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { rowsOf, text, textOrNull } from '~/db/raw-rows.server'
import { type ActivityAction, notification, notificationCursor } from '~/db/schema'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'
import type { TeamEventLine } from './notice-text'
import { notificationMailJob } from './notification-mail.server'

/*
 * Read from the activity log behind a cursor (decision 0060): a batch's inbox lines, mail jobs
 * and cursor move are one transaction, so every line is told once, never to the actor. Left
 * out on purpose: the invited person (the invitation mail is theirs) and the owner when
 * someone joins (sharing mails them at once already).
 */

const CURSOR = 'team-events'
/** Lines younger than this may still belong to open transactions: read them on a later run. */
const SETTLE_MS = 2 * 60_000
const BATCH = 200

const EVENT_OF = {
  'invitation.sent': 'invited',
  'member.joined': 'member_joined',
  'member.left': 'member_left',
  'member.removed': 'member_left',
  'member.roleChanged': 'role_changed',
  'group.transferred': 'ownership_transferred',
  'group.deleted': 'group_deleted',
  'group.restored': 'group_restored',
} as const satisfies Partial<Record<ActivityAction, TeamEvent>>

type TeamAction = keyof typeof EVENT_OF

function isTeamAction(action: string): action is TeamAction {
  return action in EVENT_OF
}

const ACTIONS = Object.keys(EVENT_OF)

type Recipient = {
  activityId: string
  at: string
  action: TeamAction
  ownerId: string
  userId: string
  actorName: string
  groupId: string | null
  groupName: string
  details: Record<string, unknown>
  muted: unknown
}

function detail(details: Record<string, unknown>, key: string): string {
  const value = details[key]
  return typeof value === 'string' ? value : ''
}

function lineFor(row: Recipient): TeamEventLine {
  const base = { actor: row.actorName, group: row.groupName, groupId: row.groupId }
  const event = EVENT_OF[row.action]
  switch (row.action) {
    case 'member.removed':
      return detail(row.details, 'userId') === row.userId
        ? { ...base, event, text: 'youWereRemoved', groupId: null }
        : { ...base, event, text: 'memberRemoved', member: detail(row.details, 'name') }
    case 'member.roleChanged':
      return { ...base, event, text: 'roleChanged', member: detail(row.details, 'name') }
    case 'group.transferred':
      return {
        ...base,
        event,
        text: 'ownershipTransferred',
        from: detail(row.details, 'from'),
        to: detail(row.details, 'to'),
      }
    case 'group.deleted':
      return { ...base, event, text: 'groupDeleted', groupId: null }
    case 'group.restored':
      return { ...base, event, text: 'groupRestored' }
    case 'member.joined':
      return { ...base, event, text: 'memberJoined' }
    case 'member.left':
      return { ...base, event, text: 'memberLeft' }
    case 'invitation.sent':
      return { ...base, event, text: 'invited' }
  }
}

async function readBatch(tx: Database, after: { at: string; id: string | null }, until: Date) {
  const result = await tx.execute(sql`with recursive
    batch as (
      select a.* from group_activity a
      where a.action = any(${sql.param(ACTIONS)}::text[])
        and (a.created_at, a.id) > (${after.at}::timestamptz, coalesce(${after.id}::uuid, '00000000-0000-0000-0000-000000000000'::uuid))
        and a.created_at < ${until.toISOString()}::timestamptz
      order by a.created_at, a.id
      limit ${BATCH}
    ),
    chain(activity_id, group_id, parent_id, depth) as (
      select b.id, g.id, g.parent_id, 0 from batch b join "group" g on g.id = b.group_id
      union all
      select c.activity_id, p.id, p.parent_id, c.depth + 1
      from chain c join "group" p on p.id = c.parent_id
      where c.depth < ${TREE_WALK_GUARD}
    ),
    people(activity_id, user_id) as (
      select b.id, b.owner_id from batch b
      union
      select c.activity_id, m.user_id from chain c join group_member m on m.group_id = c.group_id
      union
      -- The deleted group's own grants went to the trash in the same transaction (same now()).
      select b.id, x.value->>'user_id' from batch b
      join group_trash t on t.owner_id = b.owner_id and t.trashed_at = b.created_at
        and t.name = b.details->>'name'
      cross join lateral jsonb_array_elements(coalesce(t.rows->'group_member', '[]'::jsonb)) x
      where b.action = 'group.deleted'
      union
      select b.id, m.user_id from batch b
      join "group" g on g.owner_id = b.owner_id and g.parent_id is not distinct from b.group_id
        and g.name = b.details->>'name'
      join group_member m on m.group_id = g.id
      where b.action = 'group.restored'
      union
      select b.id, b.details->>'userId' from batch b
      where b.action = 'member.removed' and b.details->>'userId' is not null
    )
    select b.id::text as activity_id, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
      b.action, b.owner_id, u.id as user_id, b.actor_name, b.group_id::text as group_id,
      coalesce(g.name, b.details->>'name', '') as group_name, b.details,
      coalesce(np.muted_team_events, '[]'::jsonb) as muted, b.actor_id
    from batch b
    left join "group" g on g.id = b.group_id
    left join people p on p.activity_id = b.id
    left join "user" u on u.id = p.user_id
    left join notification_preference np on np.user_id = p.user_id
    order by b.created_at, b.id`)
  const rows = rowsOf(result)
  const last = rows.at(-1)
  const recipients: Recipient[] = []
  for (const row of rows) {
    const action = text(row.action)
    const userId = textOrNull(row.user_id)
    if (!isTeamAction(action) || userId === null || userId === textOrNull(row.actor_id)) continue
    const details = row.details && typeof row.details === 'object' ? { ...row.details } : {}
    recipients.push({
      activityId: text(row.activity_id),
      at: text(row.at),
      action,
      ownerId: text(row.owner_id),
      userId,
      actorName: text(row.actor_name),
      groupId: textOrNull(row.group_id),
      // A member's line names the group the event is about (the log keeps deleted names).
      groupName:
        action === 'group.deleted' || action === 'group.restored' || action === 'group.transferred'
          ? detail(details, 'name') || text(row.group_name)
          : text(row.group_name),
      details,
      muted: row.muted,
    })
  }
  return {
    recipients,
    count: new Set(rows.map((row) => text(row.activity_id))).size,
    cursor: last ? { at: text(last.at), id: text(last.activity_id) } : null,
  }
}

function isMuted(muted: unknown, event: TeamEvent): boolean {
  return Array.isArray(muted) && muted.includes(event)
}

async function runBatch(db: Database, until: Date): Promise<{ lines: number; mails: number }> {
  return db.transaction(async (tx) => {
    // The first run starts from now: an upgrade does not mail the whole history.
    await tx
      .insert(notificationCursor)
      .values({ name: CURSOR, afterAt: until })
      .onConflictDoNothing()
    const [cursor] = rowsOf(
      await tx.execute(sql`select to_char(after_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
        after_id::text as id from ${notificationCursor} where name = ${CURSOR} for update`),
    )
    if (!cursor) return { lines: 0, mails: 0 }
    const batch = await readBatch(tx, { at: text(cursor.at), id: textOrNull(cursor.id) }, until)
    if (!batch.cursor) return { lines: 0, mails: 0 }
    // One line per person and event: a transfer is logged in both trees.
    const told = new Map<string, Recipient>()
    for (const row of batch.recipients) {
      told.set(`${row.userId}|${row.action}|${row.at}|${row.groupName}`, row)
    }
    const lines = [...told.values()].map((row) => ({ row, line: lineFor(row) }))
    if (lines.length > 0) {
      await tx.insert(notification).values(
        lines.map(({ row, line }) => ({
          userId: row.userId,
          kind: line.event,
          groupId: line.groupId,
          data: { ...line, activityId: row.activityId },
        })),
      )
    }
    let mails = 0
    for (const { row, line } of lines) {
      if (isMuted(row.muted, line.event)) continue
      if (row.action === 'member.joined' && row.userId === row.ownerId) continue
      await enqueue(tx, notificationMailJob, { kind: 'team', userId: row.userId, line })
      mails += 1
    }
    await tx.execute(sql`update ${notificationCursor}
      set after_at = ${batch.cursor.at}::timestamptz, after_id = ${batch.cursor.id}::uuid, updated_at = now()
      where name = ${CURSOR}`)
    return { lines: batch.count, mails }
  })
}

export async function runTeamEvents(
  db: Database,
  now: Date = new Date(),
): Promise<{ lines: number; mails: number }> {
  const until = new Date(now.getTime() - SETTLE_MS)
  const total = { lines: 0, mails: 0 }
  for (;;) {
    const done = await runBatch(db, until)
    total.lines += done.lines
    total.mails += done.mails
    if (done.lines < BATCH) return total
  }
}

export const teamEventsJob = defineJob({
  name: 'notifications.team-events',
  schema: z.object({}),
  maxAttempts: 3,
  backoffMs: 30_000,
  handler: async () => {
    const run = await runTeamEvents(await getDb())
    log.info('notifications.team_events', run)
  },
})

export const teamEventsSchedule = defineSchedule({
  name: 'notifications.team-events',
  cron: '* * * * *',
  job: teamEventsJob,
  payload: {},
})
