import { createHash } from 'node:crypto'
import { eq, type SQL, sql } from 'drizzle-orm'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { Database } from '~/db/client.server'
import { isoTime } from '~/db/iso-time.server'
import { firstRow, integer, text, textOrNull, tuples } from '~/db/raw-rows.server'
import { group, groupFold, groupItem, groupSettings, libraryEntry } from '~/db/schema'
import {
  encodeGroupTree,
  type GroupNode,
  type GroupSettingsDto,
  toGroupColor,
} from './groups.schemas'
import { createTreeCache } from './tree-cache.server'

/* No authorization here: callers have checked the group or the actor. */

const SETTINGS_DEFAULTS: GroupSettingsDto = {
  defaultIcon: 'lucide:folder',
  defaultColor: 'blue',
  defaultSort: 'manual',
  treeExpanded: true,
  showCounts: true,
}

export async function loadSettings(db: Database, userId: string): Promise<GroupSettingsDto> {
  const [row] = await db
    .select({
      defaultIcon: groupSettings.defaultIcon,
      defaultColor: groupSettings.defaultColor,
      defaultSort: groupSettings.defaultSort,
      treeExpanded: groupSettings.treeExpanded,
      showCounts: groupSettings.showCounts,
    })
    .from(groupSettings)
    .where(eq(groupSettings.userId, userId))
  if (!row) return { ...SETTINGS_DEFAULTS }
  return { ...row, defaultColor: toGroupColor(row.defaultColor) ?? SETTINGS_DEFAULTS.defaultColor }
}

/*
 * One statement over the owner's whole tree (index on owner_id, no recursion, so the plan holds without
 * statistics, as on PGlite), folded into one JSON value: it decodes far faster than a thousand rows.
 * Counts start from the owner's entries (an item is always one); the two parts are separate subqueries
 * joined in code, so no plan can rerun the count per group.
 */
function treeQuery(ownerId: string, viewerId: string, withCounts: boolean): SQL {
  const counts = withCounts
    ? sql`(select coalesce(json_agg(json_build_array(c.group_id, c.channels, c.animes)), '[]')
        from (
          select gi.group_id,
            count(*) filter (where le.kind = 'channel') as channels,
            count(*) filter (where le.kind = 'anime') as animes
          from ${libraryEntry} le join ${groupItem} gi on gi.entry_id = le.id
          where le.user_id = ${ownerId}
          group by gi.group_id
        ) c)`
    : sql`'[]'::json`
  return sql`select
    (select coalesce(json_agg(json_build_array(
        g.id, g.parent_id, g.name, g.description, g.icon, g.color, g.position, g.version,
        ${isoTime(sql`g.updated_at`)}, f.expanded
      )), '[]')
      from ${group} g
      left join ${groupFold} f on f.group_id = g.id and f.user_id = ${viewerId}
      where g.owner_id = ${ownerId}) as nodes,
    ${counts} as counts`
}

/** One owner's whole tree as GroupNodes (counts zero unless asked for). */
export async function readTree(
  db: Database,
  ownerId: string,
  viewer: { id: string; expandedByDefault: boolean },
  options: { counts: boolean },
): Promise<GroupNode[]> {
  const row = firstRow(await db.execute(treeQuery(ownerId, viewer.id, options.counts)))
  const counts = new Map<string, { channels: number; animes: number }>()
  for (const [groupId, channels, animes] of tuples(row.counts, 3)) {
    counts.set(text(groupId), { channels: integer(channels), animes: integer(animes) })
  }
  return tuples(row.nodes, 10).map(
    ([id, parentId, name, description, icon, color, position, version, updatedAt, expanded]) => {
      const own = counts.get(text(id))
      return {
        id: text(id),
        parentId: textOrNull(parentId),
        name: text(name),
        description: text(description),
        icon: textOrNull(icon),
        color: toGroupColor(textOrNull(color)),
        position: text(position),
        version: integer(version),
        channelCount: own?.channels ?? 0,
        animeCount: own?.animes ?? 0,
        expanded: typeof expanded === 'boolean' ? expanded : viewer.expandedByDefault,
        updatedAt: text(updatedAt),
      }
    },
  )
}

export function readStructure(db: Database, ownerId: string): Promise<GroupNode[]> {
  return readTree(db, ownerId, { id: ownerId, expandedByDefault: true }, { counts: false })
}

/** The tree as the server function sends it: encodeGroupTree's UTF-8 JSON and its ETag. */
export type GroupTreeWire = { body: Uint8Array<ArrayBuffer>; etag: string }

export type TreeView = {
  nodes: readonly GroupNode[]
  settings: GroupSettingsDto
  /** Made on first use and kept with the view. */
  wire: () => GroupTreeWire
}
const treeCache = createTreeCache<TreeView>()

/**
 * Cached until a write touches the owner's tree or the viewer's folds or settings: one query on a hit,
 * three on a miss, whatever the size.
 */
export function viewTree(db: Database, ownerId: string, viewerId: string): Promise<TreeView> {
  return treeCache(db, [ownerId, viewerId], async () => {
    const settings = await loadSettings(db, viewerId)
    const nodes = await readTree(
      db,
      ownerId,
      { id: viewerId, expandedByDefault: settings.treeExpanded },
      { counts: true },
    )
    for (const node of nodes) Object.freeze(node)
    let wire: GroupTreeWire | undefined
    return {
      nodes: Object.freeze(nodes),
      settings: Object.freeze(settings),
      wire: () => {
        if (!wire) {
          const body = new TextEncoder().encode(
            encodeGroupTree({ groups: [...nodes], settings, maxDepth: GROUP_DEPTH_MAX }),
          )
          wire = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` }
        }
        return wire
      },
    }
  })
}
