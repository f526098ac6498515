import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { isoTime } from '~/db/iso-time.server'
import { firstRow, integer, rowsOf, text, textOrNull, tuples } from '~/db/raw-rows.server'
import { channel, groupVisit, video, videoWatch } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { requireGroup } from '~/features/groups/access.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import {
  type FeedBadges,
  type FeedChannel,
  type GroupFeedInput,
  type GroupFeedPage,
  groupFeedSchema,
  markGroupSeenSchema,
  markWatchedSchema,
  NEVER_VISITED_NEW_MS,
} from './feed.schemas'
import { requestFeedRefresh } from './feed-refresh.server'

// One statement whatever the size of the subtree.
async function readFeedScope(db: Database, actorId: string, groupId: string) {
  const row = firstRow(
    await db.execute(sql`with recursive sub(id, depth) as (
        select ${groupId}::uuid, 0
        union all
        select g.id, sub.depth + 1 from "group" g join sub on g.parent_id = sub.id
        where sub.depth < ${TREE_WALK_GUARD}
      ),
      chans as (
        select distinct c.id, c.title, c.avatar_url
        from sub
        join group_item i on i.group_id = sub.id
        join library_entry e on e.id = i.entry_id
        join channel c on c.id = e.channel_id
      )
      select
        (select coalesce(json_agg(json_build_array(id, title, avatar_url) order by lower(title), id), '[]')
          from chans) as channels,
        (select ${isoTime(sql`v.seen_at`)} from group_visit v
          where v.user_id = ${actorId} and v.group_id = ${groupId}::uuid) as seen_at`),
  )
  const channels: FeedChannel[] = tuples(row.channels, 3).map(([id, title, avatarUrl]) => ({
    id: text(id),
    title: text(title),
    avatarUrl: textOrNull(avatarUrl),
  }))
  return { channels, newSince: textOrNull(row.seen_at) }
}

function parseCursor(cursor: string): { at: string; id: string } {
  const split = cursor.lastIndexOf('|')
  return { at: cursor.slice(0, split), id: cursor.slice(split + 1) }
}

/** Keyset pages, so pages stay stable while new videos arrive. Members read the owner's group; watched is the reader's. */
export async function getGroupFeed(
  db: Database,
  actor: Actor,
  raw: GroupFeedInput,
): Promise<GroupFeedPage> {
  const input = groupFeedSchema.parse(raw)
  await requireGroup(db, actor.id, input.groupId, 'view')
  const scope = await readFeedScope(db, actor.id, input.groupId)
  const channelIds = scope.channels.map((row) => row.id)
  const shown = input.channelId ? channelIds.filter((id) => id === input.channelId) : channelIds
  const firstPage = !input.cursor
  const pending = firstPage && channelIds.length > 0 ? await requestFeedRefresh(db, channelIds) : 0
  if (shown.length === 0) {
    return {
      videos: [],
      nextCursor: null,
      channels: firstPage ? scope.channels : [],
      pending,
      newSince: scope.newSince,
    }
  }
  const cursor = input.cursor ? parseCursor(input.cursor) : null
  const rows = await db
    .select({
      id: video.id,
      title: video.title,
      thumbnailUrl: video.thumbnailUrl,
      isShort: video.isShort,
      publishedAt: isoTime(video.publishedAt),
      cursorAt: sql<string>`${video.publishedAt}::text`,
      channelId: video.channelId,
      channelTitle: channel.title,
      channelAvatarUrl: channel.avatarUrl,
      watchedAt: videoWatch.watchedAt,
    })
    .from(video)
    .innerJoin(channel, eq(channel.id, video.channelId))
    .leftJoin(videoWatch, and(eq(videoWatch.videoId, video.id), eq(videoWatch.userId, actor.id)))
    .where(
      and(
        anyOf(video.channelId, shown),
        input.hideShorts ? eq(video.isShort, false) : undefined,
        input.hideWatched ? isNull(videoWatch.videoId) : undefined,
        cursor
          ? sql`(${video.publishedAt}, ${video.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(video.publishedAt), desc(video.id))
    .limit(input.limit + 1)
  const page = rows.slice(0, input.limit)
  const last = page.at(-1)
  return {
    videos: page.map((row) => ({
      id: row.id,
      title: row.title,
      thumbnailUrl: row.thumbnailUrl,
      isShort: row.isShort,
      publishedAt: row.publishedAt,
      channelId: row.channelId,
      channelTitle: row.channelTitle,
      channelAvatarUrl: row.channelAvatarUrl,
      watched: row.watchedAt !== null,
    })),
    nextCursor: rows.length > input.limit && last ? `${last.cursorAt}|${last.id}` : null,
    channels: firstPage ? scope.channels : [],
    pending,
    newSince: scope.newSince,
  }
}

/** For the actor only; a video they cannot see (not in their library or a shared group) answers VIDEO_NOT_FOUND. */
export async function markWatched(
  db: Database,
  actor: Actor,
  raw: { videoId: string; watched: boolean },
): Promise<{ videoId: string; watched: boolean }> {
  const input = markWatchedSchema.parse(raw)
  const row = firstRow(
    await db.execute(sql`with recursive shared(id) as (
        select m.group_id from group_member m where m.user_id = ${actor.id}
        union
        select g.id from "group" g join shared s on g.parent_id = s.id
      )
      select exists (
        select 1 from video v where v.id = ${input.videoId} and (
          exists (select 1 from library_entry e
            where e.user_id = ${actor.id} and e.channel_id = v.channel_id)
          or exists (select 1 from shared s
            join group_item i on i.group_id = s.id
            join library_entry e on e.id = i.entry_id
            where e.channel_id = v.channel_id)
        )
      ) as visible`),
  )
  if (row.visible !== true) throw new AppError('VIDEO_NOT_FOUND')
  if (input.watched) {
    await db
      .insert(videoWatch)
      .values({ userId: actor.id, videoId: input.videoId })
      .onConflictDoNothing()
  } else {
    await db
      .delete(videoWatch)
      .where(and(eq(videoWatch.userId, actor.id), eq(videoWatch.videoId, input.videoId)))
  }
  return { videoId: input.videoId, watched: input.watched }
}

/** The reader looked at the group's feed: its "new" counts start again from now. */
export async function markGroupSeen(
  db: Database,
  actor: Actor,
  raw: { groupId: string },
): Promise<{ groupId: string; seenAt: string }> {
  const input = markGroupSeenSchema.parse(raw)
  await requireGroup(db, actor.id, input.groupId, 'view')
  const seenAt = new Date()
  await db
    .insert(groupVisit)
    .values({ userId: actor.id, groupId: input.groupId, seenAt })
    .onConflictDoUpdate({ target: [groupVisit.userId, groupVisit.groupId], set: { seenAt } })
  return { groupId: input.groupId, seenAt: seenAt.toISOString() }
}

/**
 * "New since last visit" per group the reader can see: videos after the visit (and after the
 * channel joined the subtree) and newly aired episodes; never visited counts the last week.
 */
export async function getFeedBadges(
  db: Database,
  actor: Actor,
  now: Date = new Date(),
): Promise<FeedBadges> {
  const weekAgo = new Date(now.getTime() - NEVER_VISITED_NEW_MS).toISOString()
  const result = await db.execute(sql`with recursive visible(id) as (
      select g.id from "group" g where g.owner_id = ${actor.id}
      union
      select m.group_id from group_member m where m.user_id = ${actor.id}
      union
      select c.id from "group" c join visible v on c.parent_id = v.id
    ),
    closure(ancestor, descendant, depth) as (
      select id, id, 0 from visible
      union all
      select cl.ancestor, c.id, cl.depth + 1 from closure cl join "group" c on c.parent_id = cl.descendant
      where cl.depth < ${TREE_WALK_GUARD}
    ),
    since as (
      select v.id as group_id, gv.seen_at
      from visible v
      left join group_visit gv on gv.group_id = v.id and gv.user_id = ${actor.id}
    ),
    entries as (
      select cl.ancestor, e.channel_id, e.anime_id, min(i.created_at) as added_at
      from closure cl
      join group_item i on i.group_id = cl.descendant
      join library_entry e on e.id = i.entry_id
      group by cl.ancestor, e.channel_id, e.anime_id
    ),
    thresholds as (
      select x.ancestor, x.channel_id, x.anime_id,
        case when s.seen_at is null then ${weekAgo}::timestamptz
          else greatest(s.seen_at, x.added_at) end as after
      from entries x join since s on s.group_id = x.ancestor
    ),
    videos as (
      select t.ancestor, count(*) as n
      from thresholds t join video vd on vd.channel_id = t.channel_id and vd.published_at > t.after
      group by t.ancestor
    ),
    episodes as (
      select t.ancestor, count(*) as n
      from thresholds t join anime a on a.id = t.anime_id and a.latest_episode_at > t.after
      group by t.ancestor
    )
    select s.group_id::text as group_id, coalesce(vs.n, 0) as videos, coalesce(es.n, 0) as episodes
    from since s
    left join videos vs on vs.ancestor = s.group_id
    left join episodes es on es.ancestor = s.group_id
    where vs.n is not null or es.n is not null`)
  const badges: FeedBadges = {}
  for (const row of rowsOf(result)) {
    badges[text(row.group_id)] = { videos: integer(row.videos), episodes: integer(row.episodes) }
  }
  return badges
}
