import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { unzipSync } from 'fflate'
import type { Database, SqlValue } from 'sql.js'
import { describe, expect, it } from 'vitest'
import { listZip, parseNewpipeDb } from '../formats/newpipe-zip'
import { parseImport } from '../formats/parse-import'
import { loadSqlJs } from '../sql-js'
import type { ExportModel } from '../transfer.schemas'
import { exportFileName } from './export-file'
import { channelIdsOf, walkGroups } from './export-helpers'
import {
  ARZTE,
  BIG_CHANNELS,
  bigModel,
  LTT,
  MKBHD,
  NAMELESS,
  smallModel,
} from './export-models.fixtures'
import {
  NEWPIPE_DB_ENTRY,
  NEWPIPE_DB_VERSION,
  newPipeFeedGroups,
  toNewPipeDb,
  toNewPipeZip,
} from './newpipe-db'
import { NEWPIPE_MAX_ICON, newPipeIconId } from './newpipe-icons'

/*
 * The database zip against NewPipe's own export (../shared/fixtures/peers):
 * the same schema statement for statement, the same version and Room
 * identity, and what our NewPipe importer reads back.
 */

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')
const PEERS = process.env.PEER_FIXTURES_DIR ?? resolve(REPO_ROOT, '../shared/fixtures/peers')

/** `newpipe.db` of a peer fixture zip (trusted test input: fflate's unzip will do). */
function peerDb(name: string): Uint8Array {
  const path = resolve(PEERS, name)
  if (!existsSync(path)) {
    throw new Error(`Peer fixture not found at ${path} (set PEER_FIXTURES_DIR)`)
  }
  const db = unzipSync(new Uint8Array(readFileSync(path)))['newpipe.db']
  if (db === undefined) throw new Error(`${name} holds no newpipe.db`)
  return db
}

async function open<T>(bytes: Uint8Array, read: (db: Database) => T): Promise<T> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database(bytes)
  try {
    return read(db)
  } finally {
    db.close()
  }
}

const rows = (db: Database, sql: string): SqlValue[][] => db.exec(sql)[0]?.values ?? []

/** What NewPipe (Room) checks before it uses a database: schema, version, identity. */
function shapeOf(db: Database) {
  return {
    schema: rows(db, 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid'),
    userVersion: rows(db, 'PRAGMA user_version'),
    room: rows(db, 'SELECT id, identity_hash FROM room_master_table'),
    locale: rows(db, 'SELECT locale FROM android_metadata'),
    encoding: rows(db, 'PRAGMA encoding'),
    pageSize: rows(db, 'PRAGMA page_size'),
  }
}

describe('toNewPipeDb', () => {
  it("has NewPipe's own schema, version and Room identity (its test export, schema v9)", async () => {
    const ours = await open(await toNewPipeDb(smallModel()), shapeOf)
    const real = await open(peerDb('newpipe-settings-test-db_noser_json.zip'), shapeOf)
    expect(ours).toEqual(real)
    expect(ours.userVersion).toEqual([[NEWPIPE_DB_VERSION]])
    expect(ours.schema.length).toBeGreaterThan(25)
    // The fixture with groups was NewPipe's file with rows added: the same again.
    const withGroups = await open(peerDb('newpipe-export-with-groups.zip'), shapeOf)
    expect(ours.schema).toEqual(withGroups.schema)
  })

  it('is a sound database: integrity, foreign keys, one row per channel and placement', async () => {
    const model = smallModel()
    await open(await toNewPipeDb(model), (db) => {
      expect(rows(db, 'PRAGMA integrity_check')).toEqual([['ok']])
      expect(rows(db, 'PRAGMA foreign_key_check')).toEqual([])
      expect(
        rows(
          db,
          'SELECT uid, service_id, url, name, avatar_url, subscriber_count, description, notification_mode FROM subscriptions ORDER BY uid',
        ),
      ).toEqual([
        [
          1,
          0,
          `https://www.youtube.com/channel/${LTT}`,
          'Linus Tech Tips',
          'https://yt3.ggpht.com/ltt=s88',
          null,
          null,
          0,
        ],
        [
          2,
          0,
          `https://www.youtube.com/channel/${MKBHD}`,
          'Marques, "MKBHD" Brownlee',
          null,
          null,
          null,
          0,
        ],
        [
          3,
          0,
          `https://www.youtube.com/channel/${ARZTE}`,
          'Die Ärzte 🎸\u0007',
          'https://yt3.ggpht.com/a?x=1&y=2',
          null,
          null,
          0,
        ],
        [4, 0, `https://www.youtube.com/channel/${NAMELESS}`, NAMELESS, null, null, null, 0],
      ])
      // Tech & <Gadgets> holds Die Ärzte (and an anime); Empty is an empty leaf; Anime holds no channel.
      expect(
        rows(db, 'SELECT uid, name, icon_id, sort_order FROM feed_group ORDER BY uid'),
      ).toEqual([
        [1, 'Tech & <Gadgets>', 5, 0],
        [2, 'Tech & <Gadgets> / Reviews', 0, 1],
        [3, 'Tech & <Gadgets> / Empty', 0, 2],
        [4, 'Anime', 20, 3],
      ])
      expect(
        rows(
          db,
          'SELECT group_id, subscription_id FROM feed_group_subscription_join ORDER BY 1, 2',
        ),
      ).toEqual([
        [1, 3],
        [2, 1],
        [2, 2],
      ])
    })
  })

  it('leaves out groups that only hold groups: their children carry the path', () => {
    const model = smallModel()
    const [tech] = model.groups
    if (tech === undefined) throw new Error('small model without groups')
    tech.items = []
    expect(newPipeFeedGroups(model).map((group) => group.name)).toEqual([
      'Tech & <Gadgets> / Reviews',
      'Tech & <Gadgets> / Empty',
      'Anime',
    ])
  })

  it('writes avatars as https or not at all, never data:', async () => {
    const model = smallModel()
    const avatars = [
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      'http://yt3.ggpht.com/x=s88',
      'http://example.org/a.png',
      'https://i.ytimg.com/vi/x/default.jpg',
    ]
    model.channels.forEach((channel, index) => {
      channel.avatarUrl = avatars[index] ?? null
    })
    await open(await toNewPipeDb(model), (db) => {
      expect(rows(db, 'SELECT avatar_url FROM subscriptions ORDER BY uid')).toEqual([
        [null],
        ['https://yt3.ggpht.com/x=s88'],
        [null],
        ['https://i.ytimg.com/vi/x/default.jpg'],
      ])
    })
  })
})

describe('toNewPipeZip', () => {
  it('holds newpipe.db alone, deflated, as NewPipe extracts it by name', async () => {
    const zip = await toNewPipeZip(smallModel())
    const entries = listZip(zip)
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([[NEWPIPE_DB_ENTRY, 8]])
    const db = unzipSync(zip)[NEWPIPE_DB_ENTRY]
    expect(db).toEqual(await toNewPipeDb(smallModel()))
  })

  it('reads back through our NewPipe importer: channels, groups by path, placements', async () => {
    const model = smallModel()
    const fileName = exportFileName('newpipe-zip', { scopeName: null, date: new Date() })
    const imported = await parseImport(await toNewPipeZip(model), fileName)
    expect(imported.format).toBe('newpipe-zip')
    expect(imported.problems).toEqual([])
    const id = (key: string) => imported.channels.find((row) => row.key === key)?.ref
    expect(imported.channels.map((row) => [row.ref, row.title])).toEqual([
      [{ kind: 'id', id: LTT }, 'Linus Tech Tips'],
      [{ kind: 'id', id: MKBHD }, 'Marques, "MKBHD" Brownlee'],
      [{ kind: 'id', id: ARZTE }, 'Die Ärzte 🎸\u0007'],
      [{ kind: 'id', id: NAMELESS }, NAMELESS],
    ])
    const tree = (groups: typeof imported.groups): unknown[] =>
      groups.map((group) => ({
        name: group.name,
        channels: group.items.map((item) => id(item.key)),
        groups: tree(group.groups),
      }))
    expect(tree(imported.groups)).toEqual([
      {
        name: 'Tech & <Gadgets>',
        channels: [{ kind: 'id', id: ARZTE }],
        groups: [
          {
            name: 'Reviews',
            channels: [
              { kind: 'id', id: LTT },
              { kind: 'id', id: MKBHD },
            ],
            groups: [],
          },
          { name: 'Empty', channels: [], groups: [] },
        ],
      },
      { name: 'Anime', channels: [], groups: [] },
    ])
    expect(imported.ungrouped.map((item) => id(item.key))).toEqual([{ kind: 'id', id: NAMELESS }])
  })

  it('writes 20,000 channels in 1,000 groups in a few seconds at most', {
    timeout: 20_000,
  }, async () => {
    const model: ExportModel = bigModel()
    const zip = await toNewPipeZip(model)
    const db = unzipSync(zip)[NEWPIPE_DB_ENTRY]
    if (db === undefined) throw new Error('no newpipe.db')
    const imported = await parseNewpipeDb(db)
    expect(imported.channels).toHaveLength(BIG_CHANNELS)
    const placements = [...walkGroups(model.groups)].reduce(
      (sum, { group }) => sum + new Set(channelIdsOf(group)).size,
      0,
    )
    let read = 0
    const count = (groups: typeof imported.groups) => {
      for (const group of groups) {
        read += group.items.length
        count(group.groups)
      }
    }
    count(imported.groups)
    expect(read).toBe(placements)
  })
})

describe('newPipeIconId', () => {
  it('maps icons to ids NewPipe knows, the asterisk otherwise', () => {
    expect(newPipeIconId(null)).toBe(0)
    expect(newPipeIconId('lucide:music')).toBe(1)
    expect(newPipeIconId('lucide:gamepad-2')).toBe(6)
    expect(newPipeIconId('emoji:⭐')).toBe(35)
    expect(newPipeIconId('emoji:☀️')).toBe(36)
    expect(newPipeIconId('emoji:💪🏽')).toBe(3)
    expect(newPipeIconId('lucide:constructor')).toBe(0)
    expect(newPipeIconId('emoji:🦄')).toBe(0)
    for (const icon of ['lucide:folder', 'lucide:cpu', 'emoji:🍙', 'emoji:🇧🇷']) {
      const id = newPipeIconId(icon)
      expect(id >= 0 && id <= NEWPIPE_MAX_ICON).toBe(true)
    }
  })
})
