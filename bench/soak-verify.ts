/**
 * The soak's final count: what the server acknowledged (soak-world.ts's
 * records) against what the database holds once every instance has stopped.
 * Read with plain SQL, each table scanned as a whole (no index is trusted:
 * a broken index is one way writes go missing).
 */
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg, { type QueryResultRow } from 'pg'
import type { Records, Soaker } from './soak-world.ts'

type Query = <T extends QueryResultRow>(sql: string, params: unknown[]) => Promise<T[]>

export type Verdict = {
  /** Acknowledged, then absent or not as last acknowledged: each a line saying what. */
  lost: string[]
  /** Rows no acknowledged or unanswered write accounts for, and duplicates. */
  extra: string[]
  checked: { groups: number; libraryAdds: number; entrySets: number; joins: number }
  rows: { groups: number; entries: number; items: number; members: number }
}

/** Opens the database the instances used (PGlite: only once they have all stopped). */
export async function withDatabase<T>(
  target: { databaseUrl: string; dataDir: string },
  run: (query: Query) => Promise<T>,
): Promise<T> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl })
    await client.connect()
    try {
      await client.query('set enable_indexscan = off; set enable_bitmapscan = off')
      return await run(async <T extends QueryResultRow>(sql: string, params: unknown[]) => {
        const result = await client.query<T>(sql, params)
        return result.rows
      })
    } finally {
      await client.end()
    }
  }
  const db = await PGlite.create(join(target.dataDir, 'pglite'))
  try {
    await db.exec('set enable_indexscan = off; set enable_bitmapscan = off')
    return await run(async <T extends QueryResultRow>(sql: string, params: unknown[]) => {
      const result = await db.query<T>(sql, params)
      return result.rows
    })
  } finally {
    await db.close()
  }
}

export async function verify(query: Query, users: Soaker[], records: Records): Promise<Verdict> {
  const lost: string[] = []
  const extra: string[] = []
  const userIds = users.map((user) => user.id)
  const idOf = (index: number) => users[index]?.id ?? `user ${index}`

  const groups = await query<{
    id: string
    owner_id: string
    name: string
    parent_id: string | null
  }>('select id, owner_id, name, parent_id from "group" where owner_id = any($1)', [userIds])
  const byId = new Map(groups.map((row) => [row.id, row]))
  for (const record of records.groups.values()) {
    const row = byId.get(record.id)
    if (!row) {
      lost.push(
        `group ${record.id} ("${record.name}", created by user ${record.createdBy}) is gone`,
      )
      continue
    }
    if (row.owner_id !== idOf(record.ownerIndex)) lost.push(`group ${record.id} changed owner`)
    if (row.name !== record.name) {
      lost.push(`group ${record.id} is named "${row.name}", last acknowledged "${record.name}"`)
    }
    if (row.parent_id !== record.parentId) {
      lost.push(
        `group ${record.id} is under ${row.parent_id ?? 'the top'}, last acknowledged under ${record.parentId ?? 'the top'}`,
      )
    }
  }
  // The shared roots were made in the setup, acknowledged like the rest: recorded too.
  const unaccounted = groups.filter((row) => !records.groups.has(row.id)).length
  if (unaccounted > records.unansweredCreates) {
    extra.push(
      `${unaccounted} groups exist that no acknowledged create made (${records.unansweredCreates} creates went unanswered)`,
    )
  }
  const siblings = new Map<string, number>()
  for (const row of groups) {
    const key = `${row.owner_id}|${row.parent_id ?? ''}|${row.name.toLowerCase()}`
    siblings.set(key, (siblings.get(key) ?? 0) + 1)
  }
  for (const [key, count] of siblings) {
    if (count > 1) extra.push(`${count} sibling groups share one name: ${key}`)
  }

  const entries = await query<{ id: string; user_id: string; channel_id: string | null }>(
    'select id, user_id, channel_id from library_entry where user_id = any($1)',
    [userIds],
  )
  const entryOf = new Map(entries.map((row) => [`${row.user_id}|${row.channel_id}`, row.id]))
  const entryKeys = new Map<string, number>()
  for (const row of entries) {
    const key = `${row.user_id}|${row.channel_id}`
    entryKeys.set(key, (entryKeys.get(key) ?? 0) + 1)
  }
  for (const [key, count] of entryKeys) {
    if (count > 1) extra.push(`${count} library entries for one channel: ${key}`)
  }
  const items = await query<{ group_id: string; entry_id: string }>(
    'select group_id, entry_id from group_item where entry_id = any($1)',
    [entries.map((row) => row.id)],
  )
  const groupsOfEntry = new Map<string, Set<string>>()
  for (const item of items) {
    const set = groupsOfEntry.get(item.entry_id) ?? new Set()
    if (set.has(item.group_id)) extra.push(`entry ${item.entry_id} twice in group ${item.group_id}`)
    set.add(item.group_id)
    groupsOfEntry.set(item.entry_id, set)
  }
  for (const [key, wanted] of records.libraryAdds) {
    const [ownerIndex = '', channelId = ''] = key.split('|')
    const entryId = entryOf.get(`${idOf(Number(ownerIndex))}|${channelId}`)
    if (!entryId) {
      lost.push(`channel ${channelId} added to user ${ownerIndex}'s library is not there`)
      continue
    }
    const held = groupsOfEntry.get(entryId) ?? new Set()
    for (const groupId of wanted) {
      if (!held.has(groupId))
        lost.push(`channel ${channelId} added to group ${groupId} is not in it`)
    }
  }
  for (const [entryId, expected] of records.entryGroups) {
    const held = [...(groupsOfEntry.get(entryId) ?? [])].sort()
    const wanted = [...expected.groupIds].sort()
    if (held.join() !== wanted.join()) {
      lost.push(
        `entry ${entryId} of user ${expected.ownerIndex} is in [${held.join(', ')}], last acknowledged [${wanted.join(', ')}]`,
      )
    }
  }

  const members = await query<{ group_id: string; user_id: string; role: string }>(
    'select group_id, user_id, role from group_member where user_id = any($1)',
    [userIds],
  )
  const memberKeys = new Set(members.map((row) => `${row.group_id}|${row.user_id}`))
  for (const join of records.joins) {
    const [groupId = '', userIndex = ''] = join.split('|')
    if (!memberKeys.has(`${groupId}|${idOf(Number(userIndex))}`)) {
      lost.push(`user ${userIndex} joined group ${groupId}, and is not a member`)
    }
  }

  return {
    lost,
    extra,
    checked: {
      groups: records.groups.size,
      libraryAdds: records.libraryAdds.size,
      entrySets: records.entryGroups.size,
      joins: records.joins.size,
    },
    rows: {
      groups: groups.length,
      entries: entries.length,
      items: items.length,
      members: members.length,
    },
  }
}
