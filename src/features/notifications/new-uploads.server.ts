import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { rowsOf, text, textOrNull } from '~/db/raw-rows.server'
import { notifiedVideo } from '~/db/schema'

// One statement for any number of users and groups (decision 0060): a recursive walk down
// every visible tree carries the nearest setting down to the subgroups.

export type NoticeMode = 'daily' | 'weekly' | 'push'

export type NewUpload = {
  userId: string
  groupId: string
  groupName: string
  videoId: string
  title: string
  channelId: string
  channelTitle: string
  thumbnailUrl: string | null
  publishedAt: Date
  isShort: boolean
}

/** Enough for one mail or one push; what is left over waits for the next run, never lost. */
const DEFAULT_LIMIT_PER_USER = 50

function bool(value: unknown): boolean {
  return value === true || value === 't'
}

/**
 * Uploads after `since`, after the setting was made and after the channel joined the group,
 * not yet notified, in groups the user may still see (a removed member gets nothing).
 * include_live has no effect yet: no source tells a live stream apart.
 */
export async function findNewUploads(
  db: Database,
  options: { mode: NoticeMode; since: Date; userIds?: readonly string[]; limitPerUser?: number },
): Promise<NewUpload[]> {
  const limit = options.limitPerUser ?? DEFAULT_LIMIT_PER_USER
  const users = options.userIds ? [...options.userIds] : null
  if (users?.length === 0) return []
  const onlyUsers = users ? sql`and s.user_id = any(${sql.param(users)}::text[])` : sql``
  const result = await db.execute(sql`with recursive
    candidates as (
      select distinct s.user_id from group_notification s
      where s.uploads = ${options.mode} ${onlyUsers}
    ),
    roots(user_id, group_id) as (
      select g.owner_id, g.id from "group" g
      join candidates c on c.user_id = g.owner_id
      where g.parent_id is null
      union all
      select m.user_id, m.group_id from group_member m
      join candidates c on c.user_id = m.user_id
      join "group" g on g.id = m.group_id and g.owner_id <> m.user_id
    ),
    walk(user_id, group_id, depth, hops, uploads, include_shorts, set_at) as (
      select r.user_id, r.group_id, 0, 0, s.uploads, s.include_shorts, s.updated_at
      from roots r
      left join group_notification s on s.user_id = r.user_id and s.group_id = r.group_id
      union all
      select w.user_id, g.id, w.depth + 1,
        case when s.user_id is null then w.hops + 1 else 0 end,
        coalesce(s.uploads, w.uploads),
        case when s.user_id is null then w.include_shorts else s.include_shorts end,
        case when s.user_id is null then w.set_at else s.updated_at end
      from walk w
      join "group" g on g.parent_id = w.group_id
      left join group_notification s on s.user_id = w.user_id and s.group_id = g.id
      where w.depth < ${TREE_WALK_GUARD}
    ),
    -- A group reached twice (grants on it and on an ancestor): the nearest setting wins.
    effective as (
      select distinct on (w.user_id, w.group_id) w.*
      from walk w
      order by w.user_id, w.group_id, (w.uploads is null), w.hops
    ),
    found as (
      select t.user_id, t.group_id, t.depth, g.name as group_name, v.id as video_id,
        v.title, v.channel_id, v.thumbnail_url, v.published_at, v.is_short
      from effective t
      join "group" g on g.id = t.group_id
      join group_item i on i.group_id = t.group_id
      join library_entry e on e.id = i.entry_id and e.channel_id is not null
      join video v on v.channel_id = e.channel_id
        and v.published_at > greatest(${options.since.toISOString()}::timestamptz, t.set_at, i.created_at)
      where t.uploads = ${options.mode}
        and (t.include_shorts or not v.is_short)
        and not exists (
          select 1 from notified_video n where n.user_id = t.user_id and n.video_id = v.id
        )
    ),
    -- A video in several of a user's groups is one announcement, under the
    -- deepest of them (the narrowest interest), then by name.
    once as (
      select distinct on (f.user_id, f.video_id) f.*
      from found f
      order by f.user_id, f.video_id, f.depth desc, lower(f.group_name), f.group_id
    ),
    ranked as (
      select o.*, row_number() over (
        partition by o.user_id order by o.published_at desc, o.video_id
      ) as rank
      from once o
    )
    select r.user_id, r.group_id::text as group_id, r.group_name, r.video_id, r.title,
      r.channel_id, c.title as channel_title, r.thumbnail_url, r.is_short,
      extract(epoch from r.published_at) * 1000 as published_ms
    from ranked r
    join channel c on c.id = r.channel_id
    where r.rank <= ${limit}
    order by r.user_id, lower(r.group_name), r.group_id, r.published_at desc, r.video_id`)
  return rowsOf(result).map((row) => ({
    userId: text(row.user_id),
    groupId: text(row.group_id),
    groupName: text(row.group_name),
    videoId: text(row.video_id),
    title: text(row.title),
    channelId: text(row.channel_id),
    channelTitle: text(row.channel_title),
    thumbnailUrl: textOrNull(row.thumbnail_url),
    publishedAt: new Date(Math.round(Number(row.published_ms))),
    isShort: bool(row.is_short),
  }))
}

/** Claims videos as announced to a user; returns the ids newly claimed — only those may be sent. */
export async function claimNotified(
  db: Database,
  userId: string,
  videoIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(videoIds)]
  if (unique.length === 0) return []
  const rows = await db
    .insert(notifiedVideo)
    .values(unique.map((videoId) => ({ userId, videoId })))
    .onConflictDoNothing()
    .returning({ videoId: notifiedVideo.videoId })
  return rows.map((row) => row.videoId)
}

export function byGroup(uploads: readonly NewUpload[]) {
  const groups = new Map<string, { groupId: string; groupName: string; videos: NewUpload[] }>()
  for (const upload of uploads) {
    const entry = groups.get(upload.groupId) ?? {
      groupId: upload.groupId,
      groupName: upload.groupName,
      videos: [],
    }
    entry.videos.push(upload)
    groups.set(upload.groupId, entry)
  }
  return [...groups.values()]
}
