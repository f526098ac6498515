import type { QueryResultRow } from 'pg'
import { describe, expect, it } from 'vitest'
import { verify } from './soak-verify'
import type { GroupRecord, Records, Soaker } from './soak-world'

const users: Soaker[] = [0, 1].map((index) => ({
  index,
  name: `U${index}`,
  email: `u${index}@example.test`,
  password: 'x',
  address: '10.0.0.1',
  cookie: '',
  id: `user-${index}`,
}))

const record = (id: string, name: string, parentId: string | null): GroupRecord => ({
  id,
  ownerIndex: 0,
  createdBy: 0,
  name,
  nameVersion: 2,
  parentId,
  parentVersion: 1,
})

function recordsOf(groups: GroupRecord[]): Records {
  return {
    groups: new Map(groups.map((group) => [group.id, group])),
    unansweredCreates: 0,
    libraryAdds: new Map([['1|UCx', new Set(['g1'])]]),
    entryGroups: new Map([['e0', { ownerIndex: 0, groupIds: ['g1'] }]]),
    joins: new Set(['g1|1']),
  }
}

/** A database of the given rows, answering the verifier's queries by the table they name. */
function database(tables: Record<string, QueryResultRow[]>) {
  return async <T extends QueryResultRow>(sql: string): Promise<T[]> => {
    const table = Object.keys(tables).find((name) => sql.includes(` ${name} `))
    const rows: QueryResultRow[] = table ? (tables[table] ?? []) : []
    return rows.filter((row): row is T => row !== undefined)
  }
}

const healthy = {
  '"group"': [
    { id: 'g1', owner_id: 'user-0', name: 'One', parent_id: null },
    { id: 'g2', owner_id: 'user-0', name: 'Two', parent_id: 'g1' },
  ],
  library_entry: [
    { id: 'e0', user_id: 'user-0', channel_id: 'UCa' },
    { id: 'e1', user_id: 'user-1', channel_id: 'UCx' },
  ],
  group_item: [
    { group_id: 'g1', entry_id: 'e0' },
    { group_id: 'g1', entry_id: 'e1' },
  ],
  group_member: [{ group_id: 'g1', user_id: 'user-1', role: 'editor' }],
}
const acknowledged = [record('g1', 'One', null), record('g2', 'Two', 'g1')]

describe('the soak’s final count', () => {
  it('finds nothing wrong when the database holds every acknowledged write', async () => {
    const verdict = await verify(database(healthy), users, recordsOf(acknowledged))
    expect(verdict.lost).toEqual([])
    expect(verdict.extra).toEqual([])
  })

  it('names a group that is gone, one with an older name, and one in the wrong place', async () => {
    const verdict = await verify(
      database({
        ...healthy,
        '"group"': [{ id: 'g1', owner_id: 'user-0', name: 'Old', parent_id: 'g9' }],
      }),
      users,
      recordsOf(acknowledged),
    )
    expect(verdict.lost).toEqual([
      'group g1 is named "Old", last acknowledged "One"',
      'group g1 is under g9, last acknowledged under the top',
      'group g2 ("Two", created by user 0) is gone',
    ])
  })

  it('names a lost add, a lost entry-group set, a lost join and rows nobody acknowledged', async () => {
    const verdict = await verify(
      database({
        '"group"': [
          ...healthy['"group"'],
          { id: 'g3', owner_id: 'user-1', name: 'x', parent_id: null },
        ],
        library_entry: healthy.library_entry,
        group_item: [],
        group_member: [],
      }),
      users,
      recordsOf(acknowledged),
    )
    expect(verdict.lost).toEqual([
      'channel UCx added to group g1 is not in it',
      'entry e0 of user 0 is in [], last acknowledged [g1]',
      'user 1 joined group g1, and is not a member',
    ])
    expect(verdict.extra).toEqual([
      '1 groups exist that no acknowledged create made (0 creates went unanswered)',
    ])
  })
})
