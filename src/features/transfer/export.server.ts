import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { firstRow } from '~/db/raw-rows.server'
import { anime, channel, group, groupItem, libraryEntry } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { toGroupColor } from '~/features/groups/groups.schemas'
import { compareKeys } from '~/features/groups/positions'
import type { Actor } from '~/server/auth/signed-in.middleware'
import type {
  ExportAnime,
  ExportChannel,
  ExportGroup,
  ExportItemRef,
  ExportModel,
} from './transfer.schemas'

/*
 * One statement, so one snapshot whatever the size. Alias, notes and tags are private: they come from the
 * exporter's own entry for the same channel or anime, never the owner's when a member exports.
 */

const groupsSchema = z.array(
  z.tuple([
    z.string(),
    z.string().nullable(),
    z.string(),
    z.string(),
    z.string().nullable(),
    z.string().nullable(),
    z.string(),
  ]),
)
const itemsSchema = z.array(
  z.tuple([z.string(), z.enum(['channel', 'anime']), z.string(), z.string()]),
)
const entriesSchema = z.array(
  z.tuple([
    z.enum(['channel', 'anime']),
    z.string(),
    z.string().nullable(),
    z.string(),
    z.array(z.string()),
    z.string().nullable(),
    z.string().nullable(),
    z.string().nullable(),
    z.string().nullable(),
  ]),
)

function exportQuery(ownerId: string, actorId: string, rootId: string | null): SQL {
  const scope =
    rootId === null
      ? sql`select ${group.id}, 0 from ${group} where ${group.ownerId} = ${ownerId}`
      : sql`select ${rootId}::uuid, 0
          union all
          select g.id, scope.depth + 1 from ${group} g join scope on g.parent_id = scope.id
          where scope.depth < ${TREE_WALK_GUARD}`
  const entryScope = rootId === null ? sql`true` : sql`le.id in (select entry_id from items)`
  return sql`with recursive scope(id, depth) as (${scope}),
    items as (
      select gi.group_id, gi.entry_id, gi.position
      from ${groupItem} gi join scope s on s.id = gi.group_id
    )
    select
      (select coalesce(json_agg(json_build_array(
          g.id, g.parent_id, g.name, g.description, g.icon, g.color, g.position
        )), '[]'::json)
        from ${group} g join scope s on s.id = g.id) as groups,
      (select coalesce(json_agg(json_build_array(
          i.group_id, le.kind, coalesce(le.channel_id, le.anime_id), i.position
        )), '[]'::json)
        from items i join ${libraryEntry} le on le.id = i.entry_id) as items,
      (select coalesce(json_agg(json_build_array(
          le.kind, coalesce(le.channel_id, le.anime_id),
          coalesce(own_c.alias, own_a.alias),
          coalesce(own_c.notes, own_a.notes, ''),
          coalesce(own_c.tags, own_a.tags, '[]'::jsonb),
          coalesce(c.title, a.title), c.handle, coalesce(c.avatar_url, a.poster_url), a.slug
        ) order by le.created_at, le.id), '[]'::json)
        from ${libraryEntry} le
        left join ${channel} c on c.id = le.channel_id
        left join ${anime} a on a.id = le.anime_id
        -- Two joins, not one with OR: each can use the (user, channel|anime) index.
        left join ${libraryEntry} own_c on own_c.user_id = ${actorId}
          and own_c.channel_id = le.channel_id
        left join ${libraryEntry} own_a on own_a.user_id = ${actorId}
          and own_a.anime_id = le.anime_id
        where le.user_id = ${ownerId} and ${entryScope}) as entries`
}

/** The whole account (`groupId` null) or one group's subtree, ready for any exporter. */
export async function loadExportModel(
  db: Database,
  actor: Actor,
  input: { groupId: string | null },
): Promise<ExportModel> {
  const root =
    input.groupId === null ? null : (await requireGroup(db, actor.id, input.groupId, 'view')).group
  const ownerId = root?.ownerId ?? actor.id
  const row = firstRow(await db.execute(exportQuery(ownerId, actor.id, root?.id ?? null)))

  const nodes = new Map<string, { group: ExportGroup; parentId: string | null; position: string }>()
  for (const [id, parentId, name, description, icon, color, position] of groupsSchema.parse(
    row.groups,
  )) {
    nodes.set(id, {
      group: { name, description, icon, color: toGroupColor(color), groups: [], items: [] },
      parentId,
      position,
    })
  }
  const items = itemsSchema.parse(row.items)
  items.sort((a, b) => compareKeys(a[3], b[3]))
  const placed = new Set<string>()
  for (const [groupId, kind, id] of items) {
    const ref: ExportItemRef = { kind, id }
    nodes.get(groupId)?.group.items.push(ref)
    placed.add(`${kind}:${id}`)
  }
  const sorted = [...nodes.entries()].sort((a, b) => compareKeys(a[1].position, b[1].position))
  const roots: ExportGroup[] = []
  for (const [, node] of sorted) {
    // A subtree's root has its parent outside the scope: it is a root here.
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId)
    if (parent) parent.group.groups.push(node.group)
    else roots.push(node.group)
  }

  const channels: ExportChannel[] = []
  const animes: ExportAnime[] = []
  const ungrouped: ExportItemRef[] = []
  for (const [kind, id, alias, notes, tags, title, handle, imageUrl, slug] of entriesSchema.parse(
    row.entries,
  )) {
    const extras = { alias, notes, tags }
    if (kind === 'channel') {
      channels.push({ id, title: title ?? '', handle, avatarUrl: imageUrl, extras })
    } else {
      animes.push({ id, slug: slug ?? '', title: title ?? '', posterUrl: imageUrl, extras })
    }
    if (root === null && !placed.has(`${kind}:${id}`)) ungrouped.push({ kind, id })
  }
  return {
    exportedAt: new Date().toISOString(),
    scope: root === null ? 'account' : 'group',
    groups: roots,
    ungrouped,
    channels,
    animes,
  }
}
