import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { rowsOf, text, textOrNull } from '~/db/raw-rows.server'
import { group } from '~/db/schema'
import { visibleGroupsCte } from '~/features/groups/access.server'
import { toGroupColor } from '~/features/groups/groups.schemas'
import type { Actor } from '~/server/auth/signed-in.middleware'
import {
  type EntryHit,
  type GroupHit,
  SEARCH_LIMIT_PER_KIND,
  type SearchResults,
  type searchSchema,
} from './search.schemas'
import { ancestorNames, rankMatches } from './search-ranking'

/** Rows per kind the database hands over for ranking; the best few are kept. */
const CANDIDATES_PER_KIND = 40

/** An alias is matched and shown only to the entry's owner; a member matches catalogue titles. */
export async function search(
  db: Database,
  actor: Actor,
  input: z.infer<typeof searchSchema>,
): Promise<SearchResults> {
  const [groups, entries] = await Promise.all([
    searchGroups(db, actor, input.query),
    searchEntries(db, actor, input.query),
  ])
  return {
    groups,
    channels: rankEntries(input.query, entries, 'channel'),
    animes: rankEntries(input.query, entries, 'anime'),
  }
}

/** Matched by name or by the path to it: the whole visible set is small (groups, not items). */
async function searchGroups(db: Database, actor: Actor, query: string): Promise<GroupHit[]> {
  const result = await db.execute(sql`${visibleGroupsCte(actor.id)}
    select g.id::text as id, g.parent_id::text as parent_id, g.name, g.icon, g.color,
      bool_and(v.shared) as shared
    from visible v join ${group} g on g.id = v.id
    group by g.id`)
  const rows = rowsOf(result).map((row) => ({
    id: text(row.id),
    parentId: textOrNull(row.parent_id),
    name: text(row.name),
    icon: textOrNull(row.icon),
    color: toGroupColor(textOrNull(row.color)),
    shared: row.shared === true,
  }))
  const paths = ancestorNames(rows)
  return rankMatches(
    query,
    rows.map((row) => {
      const path = paths.get(row.id) ?? []
      const item: GroupHit = {
        id: row.id,
        name: row.name,
        path,
        icon: row.icon,
        color: row.color,
        shared: row.shared,
      }
      return { item, name: row.name, context: path }
    }),
    SEARCH_LIMIT_PER_KIND,
  )
}

type EntryRow = EntryHit & { alias: string | null; catalogueTitle: string }

// A few candidates per kind, likeliest first (exact, prefix, shorter), ranked finely after.
async function searchEntries(db: Database, actor: Actor, query: string): Promise<EntryRow[]> {
  const q = query.toLocaleLowerCase('und')
  const result = await db.execute(sql`${visibleGroupsCte(actor.id)},
    own as (
      select e.id, e.kind, e.alias, coalesce(c.title, a.title) as title,
        coalesce(c.avatar_url, a.poster_url) as image_url, null::text as shared_group_id
      from library_entry e
      left join channel c on c.id = e.channel_id
      left join anime a on a.id = e.anime_id
      where e.user_id = ${actor.id}
        and (strpos(lower(coalesce(c.title, a.title)), ${q}) > 0
          or strpos(lower(coalesce(e.alias, '')), ${q}) > 0)
    ),
    others as (
      select e.id, e.kind, null::text as alias, coalesce(c.title, a.title) as title,
        coalesce(c.avatar_url, a.poster_url) as image_url, min(i.group_id::text) as shared_group_id
      from visible v
      join group_item i on i.group_id = v.id
      join library_entry e on e.id = i.entry_id
      left join channel c on c.id = e.channel_id
      left join anime a on a.id = e.anime_id
      where v.shared and e.user_id <> ${actor.id}
        and strpos(lower(coalesce(c.title, a.title)), ${q}) > 0
      group by e.id, e.kind, c.title, a.title, c.avatar_url, a.poster_url
    ),
    found as (
      select *, row_number() over (
        partition by kind
        order by lower(coalesce(alias, title)) = ${q} desc,
          strpos(lower(coalesce(alias, title)), ${q}) = 1 desc,
          length(coalesce(alias, title)), id
      ) as rank
      from (select * from own union all select * from others) candidates
    )
    select id::text as id, kind, alias, title, image_url, shared_group_id
    from found where rank <= ${CANDIDATES_PER_KIND}`)
  return rowsOf(result).map((row) => {
    const alias = textOrNull(row.alias)
    const catalogueTitle = text(row.title)
    return {
      entryId: text(row.id),
      kind: row.kind === 'anime' ? 'anime' : 'channel',
      title: alias ?? catalogueTitle,
      imageUrl: textOrNull(row.image_url),
      sharedGroupId: textOrNull(row.shared_group_id),
      alias,
      catalogueTitle,
    }
  })
}

function rankEntries(query: string, rows: readonly EntryRow[], kind: EntryHit['kind']) {
  return rankMatches(
    query,
    rows
      .filter((row) => row.kind === kind)
      .map(({ alias, catalogueTitle, ...item }) => ({
        item,
        name: item.title,
        // The owner finds their entry by its catalogue title too.
        context: alias === null ? [] : [catalogueTitle],
      })),
    SEARCH_LIMIT_PER_KIND,
  )
}
