import { sql } from 'drizzle-orm'
import { firstRow, text } from '../../../src/db/raw-rows.server'
import { getDb } from '../../../src/server/database.server'
import { timed } from './stats'
import type { World } from './world'

/**
 * Everything of the world a stray write would change, as one value: a
 * refusal must leave it exactly as it was.
 */
export function fingerprint(w: World): Promise<string> {
  return timed('fingerprintMs', () => readFingerprint(w))
}

async function readFingerprint(w: World): Promise<string> {
  const db = await getDb()
  const users = sql.join(
    w.userIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const groupsOf = sql`(select id from "group" where owner_id in (${users}))`
  const result = await db.execute(sql`select json_build_array(
    (select json_agg(json_build_array(g.id, g.owner_id, g.parent_id, g.name, g.description, g.icon,
      g.color, g.position, g.version) order by g.id) from "group" g where g.owner_id in (${users})),
    (select json_agg(json_build_array(i.group_id, i.entry_id, i.position) order by i.group_id, i.entry_id)
      from group_item i where i.group_id in ${groupsOf}),
    (select json_agg(json_build_array(m.group_id, m.user_id, m.role, m.version) order by m.group_id, m.user_id)
      from group_member m where m.group_id in ${groupsOf} or m.user_id in (${users})),
    (select json_agg(json_build_array(l.id, l.permission, l.revoked_at, l.expires_at, l.use_count) order by l.id)
      from share_link l where l.group_id in ${groupsOf}),
    (select json_agg(json_build_array(v.id, v.email, v.role, v.accepted_at, v.cancelled_at, v.token_hash) order by v.id)
      from group_invitation v where v.group_id in ${groupsOf}),
    (select json_agg(json_build_array(e.id, e.user_id, e.alias, e.notes, e.tags, e.version) order by e.id)
      from library_entry e where e.user_id in (${users})),
    (select count(*) from group_activity a where a.owner_id in (${users})),
    (select json_agg(json_build_array(f.user_id, f.group_id, f.expanded) order by f.user_id, f.group_id)
      from group_fold f where f.user_id in (${users})),
    (select json_agg(json_build_array(s.user_id, s.default_icon, s.default_color, s.tree_expanded) order by s.user_id)
      from group_settings s where s.user_id in (${users})),
    (select json_agg(json_build_array(d.id, d.state, d.options) order by d.id)
      from data_import d where d.user_id in (${users})),
    (select json_agg(json_build_array(w.user_id, w.video_id) order by w.user_id, w.video_id)
      from video_watch w where w.user_id in (${users})),
    (select json_agg(json_build_array(v.user_id, v.group_id, v.seen_at) order by v.user_id, v.group_id)
      from group_visit v where v.user_id in (${users}))
  )::text as print`)
  return text(firstRow(result).print)
}
