import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { rowsOf, text } from '~/db/raw-rows.server'
import { channel, channelStat, libraryEntry } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getEnv } from '~/server/env.server'
import {
  type ChannelGrowth,
  DELTA_SPANS,
  type GroupGrowth,
  type Grower,
  type GrowthDelta,
  type GrowthPoint,
  type GrowthRange,
  type GrowthReason,
} from './growth.schemas'
import { addDays, dayOf, deltasOf, isRoundedCount, lastDays, percentChange } from './growth-math'

const TOP_GROWERS = 5
/** How far back the daily history is read: the longest range or delta, and some slack. */
const HISTORY_DAYS = (range: GrowthRange) => Math.max(range, 90) + 31

function count(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new Error('growth: unexpected number shape')
  }
  return number
}

function countOr0(value: unknown): number {
  return count(value) ?? 0
}

/** Why there is nothing to draw: the Data API is what writes the snapshots. */
function emptyReason(): GrowthReason {
  return getEnv().YOUTUBE_API_KEY ? 'notYetSynced' : 'noApiKey'
}

/** The actor's own entry, or one placed in a group they may view (owner, or a grant on it or an ancestor). */
function entryVisibleTo(entryId: string, actorId: string) {
  return sql`(${libraryEntry.userId} = ${actorId} or exists (
    with recursive chain(id, parent_id, owner_id, depth) as (
      select g.id, g.parent_id, g.owner_id, 0 from group_item i join "group" g on g.id = i.group_id
      where i.entry_id = ${entryId}
      union all
      select p.id, p.parent_id, p.owner_id, c.depth + 1 from "group" p join chain c on p.id = c.parent_id
      where c.depth < ${TREE_WALK_GUARD}
    )
    select 1 from chain c where c.owner_id = ${actorId}
      or exists (select 1 from group_member m where m.group_id = c.id and m.user_id = ${actorId})
  ))`
}

export async function getChannelGrowth(
  db: Database,
  actor: Actor,
  input: { entryId: string; range: GrowthRange },
): Promise<ChannelGrowth> {
  const [row] = await db
    .select({
      entryId: libraryEntry.id,
      ownerId: libraryEntry.userId,
      alias: libraryEntry.alias,
      id: channel.id,
      title: channel.title,
      handle: channel.handle,
      avatarUrl: channel.avatarUrl,
      subscriberCount: channel.subscriberCount,
      hiddenSubscriberCount: channel.hiddenSubscriberCount,
      viewCount: channel.viewCount,
      videoCount: channel.videoCount,
      lastSyncedAt: channel.lastSyncedAt,
    })
    .from(libraryEntry)
    .innerJoin(channel, eq(channel.id, libraryEntry.channelId))
    .where(and(eq(libraryEntry.id, input.entryId), entryVisibleTo(input.entryId, actor.id)))
    .limit(1)
  if (!row) throw new AppError('ENTRY_NOT_FOUND')

  const hidden = row.hiddenSubscriberCount
  const stats = await db
    .select({
      day: channelStat.day,
      subscribers: channelStat.subscriberCount,
      views: channelStat.viewCount,
      videos: channelStat.videoCount,
    })
    .from(channelStat)
    .where(
      and(
        eq(channelStat.channelId, row.id),
        gte(channelStat.day, addDays(dayOf(new Date()), -HISTORY_DAYS(input.range))),
      ),
    )
    .orderBy(asc(channelStat.day))
  const history: GrowthPoint[] = stats.map((stat) => {
    const subscribers = hidden ? null : stat.subscribers
    return {
      day: stat.day,
      subscribers,
      subscribersApprox: isRoundedCount(subscribers),
      views: stat.views,
      videos: stat.videos,
    }
  })
  const subscriberCount = hidden ? null : row.subscriberCount
  return {
    entryId: row.entryId,
    range: input.range,
    channel: {
      id: row.id,
      // The alias is private to the entry's owner; a member sees the channel's own title.
      title: (row.ownerId === actor.id && row.alias) || row.title,
      handle: row.handle,
      avatarUrl: row.avatarUrl,
      subscriberCount,
      subscribersApprox: isRoundedCount(subscriberCount),
      hiddenSubscriberCount: hidden,
      viewCount: row.viewCount,
      videoCount: row.videoCount,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    },
    series: lastDays(history, input.range),
    deltas: deltasOf(history, DELTA_SPANS),
    reason: history.length === 0 ? emptyReason() : hidden ? 'hidden' : null,
  }
}

/** The distinct channels of a group and its subgroups, as CTEs `down` and `chans`. */
function scope(groupId: string) {
  return sql`with recursive down(id, depth) as (
      select ${groupId}::uuid, 0
      union all
      select g.id, d.depth + 1 from "group" g join down d on g.parent_id = d.id where d.depth < ${TREE_WALK_GUARD}
    ),
    chans as (
      select distinct e.channel_id as id from group_item i join library_entry e on e.id = i.entry_id
      where i.group_id in (select id from down) and e.channel_id is not null
    ),
    last_day as (
      select max(s.day) as day from channel_stat s join chans c on c.id = s.channel_id
    )`
}

/**
 * A channel whose history starts after the range's first day is left out (counted in
 * `late`), and a day not every charted channel reported is skipped: every point sums the
 * same channels, so an added channel or a missed sync never looks like growth or loss.
 */
async function groupSeries(db: Database, groupId: string, range: GrowthRange) {
  const result = await db.execute(sql`${scope(groupId)},
    stats as (
      select s.channel_id, s.day, s.subscriber_count, s.view_count, s.video_count,
        ch.hidden_subscriber_count as hidden
      from channel_stat s join chans c on c.id = s.channel_id join channel ch on ch.id = s.channel_id
      where s.day >= (select day from last_day) - ${range}::int
    ),
    cohort as (select s.channel_id, s.hidden from stats s where s.day = (select min(day) from stats))
    select s.day::text as day, count(*) as reported,
      sum(s.subscriber_count) filter (where not s.hidden) as subscribers,
      count(s.subscriber_count) filter (where not s.hidden) as subscriber_reports,
      coalesce(bool_or(s.subscriber_count >= 1000) filter (where not s.hidden), false) as approx,
      sum(s.view_count) as views, sum(s.video_count) as videos,
      (select count(*) from cohort) as cohort_size,
      (select count(*) from cohort where not hidden) as visible_size,
      (select count(distinct channel_id) from stats) as in_range
    from stats s join cohort c on c.channel_id = s.channel_id
    group by s.day order by s.day`)
  const rows = rowsOf(result)
  const first = rows[0]
  const cohortSize = first ? countOr0(first.cohort_size) : 0
  const visibleSize = first ? countOr0(first.visible_size) : 0
  const inRange = first ? countOr0(first.in_range) : 0
  const series: GrowthPoint[] = rows
    .filter((row) => countOr0(row.reported) === cohortSize)
    .map((row) => {
      // A sum missing a visible channel's figure would draw a false dip.
      const complete = countOr0(row.subscriber_reports) === visibleSize && visibleSize > 0
      const subscribers = complete ? count(row.subscribers) : null
      return {
        day: text(row.day),
        subscribers,
        subscribersApprox: subscribers !== null && row.approx === true,
        views: count(row.views),
        videos: count(row.videos),
      }
    })
  return { series, cohortSize, visibleSize, late: inRange - cohortSize }
}

type EndRow = {
  channelId: string
  age: number
  hidden: boolean
  subscribers: number | null
  views: number | null
  videos: number | null
}

// Only channels with a snapshot at both ends of each span count: a channel added mid-span adds nothing.
async function groupDeltas(db: Database, groupId: string): Promise<GrowthDelta[]> {
  const result = await db.execute(sql`${scope(groupId)}
    select s.channel_id, (l.day - s.day) as age, ch.hidden_subscriber_count as hidden,
      s.subscriber_count, s.view_count, s.video_count
    from channel_stat s join chans c on c.id = s.channel_id join channel ch on ch.id = s.channel_id
    cross join last_day l
    where s.day in (l.day, l.day - 7, l.day - 30, l.day - 90)`)
  const rows: EndRow[] = rowsOf(result).map((row) => ({
    channelId: text(row.channel_id),
    age: countOr0(row.age),
    hidden: row.hidden === true,
    subscribers: count(row.subscriber_count),
    views: count(row.view_count),
    videos: count(row.video_count),
  }))
  const latest = new Map(rows.filter((row) => row.age === 0).map((row) => [row.channelId, row]))
  return DELTA_SPANS.map((days) => {
    const delta: GrowthDelta = {
      days,
      subscribers: null,
      subscribersApprox: false,
      views: null,
      videos: null,
    }
    const add = (sum: number | null, end: number | null, start: number | null) =>
      end === null || start === null ? sum : (sum ?? 0) + end - start
    for (const start of rows) {
      if (start.age !== days) continue
      const end = latest.get(start.channelId)
      if (!end) continue
      if (!end.hidden) {
        delta.subscribers = add(delta.subscribers, end.subscribers, start.subscribers)
        if (
          end.subscribers !== null &&
          start.subscribers !== null &&
          (isRoundedCount(end.subscribers) || isRoundedCount(start.subscribers))
        ) {
          delta.subscribersApprox = true
        }
      }
      delta.views = add(delta.views, end.views, start.views)
      delta.videos = add(delta.videos, end.videos, start.videos)
    }
    return delta
  })
}

// Each visible channel's subscriber change over the range, linked through one entry of the group.
async function groupGrowers(db: Database, groupId: string, range: GrowthRange) {
  const result = await db.execute(sql`${scope(groupId)},
    totals as (
      select count(*) as channel_count,
        count(*) filter (where ch.hidden_subscriber_count) as hidden_count
      from chans c join channel ch on ch.id = c.id
    ),
    growth as (
      select s.channel_id,
        (array_agg(s.subscriber_count order by s.day asc))[1] as first_value,
        (array_agg(s.subscriber_count order by s.day desc))[1] as last_value
      from channel_stat s join chans c on c.id = s.channel_id join channel ch on ch.id = s.channel_id
      where not ch.hidden_subscriber_count and s.subscriber_count is not null
        and s.day >= (select day from last_day) - ${range}::int
      group by s.channel_id having count(*) >= 2
    )
    select t.channel_count, t.hidden_count, g.channel_id, g.first_value, g.last_value,
      ch.title, ch.avatar_url,
      (select e.id::text from group_item i join library_entry e on e.id = i.entry_id
        where e.channel_id = g.channel_id and i.group_id in (select id from down)
        order by e.id limit 1) as entry_id
    from totals t left join growth g on true left join channel ch on ch.id = g.channel_id`)
  const rows = rowsOf(result)
  const growers: Grower[] = []
  for (const row of rows) {
    const from = count(row.first_value)
    const to = count(row.last_value)
    if (row.channel_id === null || from === null || to === null) continue
    growers.push({
      entryId: text(row.entry_id),
      channelId: text(row.channel_id),
      title: text(row.title),
      avatarUrl: typeof row.avatar_url === 'string' ? row.avatar_url : null,
      from,
      to,
      change: to - from,
      percent: percentChange(from, to),
      approximate: isRoundedCount(from) || isRoundedCount(to),
    })
  }
  const first = rows[0]
  return {
    channelCount: first ? countOr0(first.channel_count) : 0,
    hiddenCount: first ? countOr0(first.hidden_count) : 0,
    byChange: [...growers]
      .sort((a, b) => b.change - a.change || a.title.localeCompare(b.title))
      .slice(0, TOP_GROWERS),
    byPercent: growers
      .filter((grower) => grower.percent !== null)
      .sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0) || a.title.localeCompare(b.title))
      .slice(0, TOP_GROWERS),
  }
}

export async function getGroupGrowth(
  db: Database,
  actor: Actor,
  input: { groupId: string; range: GrowthRange },
): Promise<GroupGrowth> {
  await requireGroup(db, actor.id, input.groupId, 'view')
  const [charted, deltas, growers] = await Promise.all([
    groupSeries(db, input.groupId, input.range),
    groupDeltas(db, input.groupId),
    groupGrowers(db, input.groupId, input.range),
  ])
  const reason: GrowthReason | null =
    growers.channelCount === 0
      ? 'noChannels'
      : charted.series.length === 0
        ? emptyReason()
        : charted.visibleSize === 0
          ? 'hidden'
          : null
  return {
    groupId: input.groupId,
    range: input.range,
    channelCount: growers.channelCount,
    chartedCount: charted.cohortSize,
    lateCount: charted.late,
    hiddenCount: growers.hiddenCount,
    series: charted.series,
    deltas,
    topGrowers: { byChange: growers.byChange, byPercent: growers.byPercent },
    reason,
  }
}
