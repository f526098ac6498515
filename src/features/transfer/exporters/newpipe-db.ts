import { zipSync } from 'fflate'
import type { Database } from 'sql.js'
import { loadSqlJs } from '../sql-js'
import type { ExportModel } from '../transfer.schemas'
import { channelIdsOf, channelUrl, httpsImageUrl, joinPath, walkGroups } from './export-helpers'
import { newPipeIconId } from './newpipe-icons'

/*
 * NewPipe's "Export database" zip: `newpipe.db` with NewPipe's own schema (v9, every table, identity
 * hash). No settings file: NewPipe would offer to replace the user's settings with it. Its groups are flat:
 * a nested group is named by its path ("Parent / Child"); a group holding only groups is left out, an
 * empty leaf kept. NewPipe keeps no order inside a group.
 */

/** `PRAGMA user_version` of NewPipe's database at the schema below (`Migrations.DB_VER_9`). */
export const NEWPIPE_DB_VERSION = 9
/** Room's row for that version: Room refuses a database whose hash does not match its version. */
export const NEWPIPE_ROOM_MASTER = { id: 42, identityHash: '7591e8039faa74d8c0517dc867af9d3e' }
export const NEWPIPE_DB_ENTRY = 'newpipe.db'
/** What NewPipe writes in `android_metadata`; Android rewrites it to the phone's locale. */
const ANDROID_LOCALE = 'en_US'
const YOUTUBE_SERVICE_ID = 0
/** `NOTIFICATION_MODE_DISABLED`: NewPipe's default for a new subscription. */
const NOTIFICATIONS_OFF = 0

/**
 * As NewPipe's own file holds them, in order, so tables this export leaves empty are there for Room's
 * schema check and later migrations.
 */
export const NEWPIPE_SCHEMA: readonly string[] = [
  'CREATE TABLE android_metadata (locale TEXT)',
  'CREATE TABLE `subscriptions` (`uid` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `service_id` INTEGER NOT NULL, `url` TEXT, `name` TEXT, `avatar_url` TEXT, `subscriber_count` INTEGER, `description` TEXT, `notification_mode` INTEGER NOT NULL)',
  'CREATE UNIQUE INDEX `index_subscriptions_service_id_url` ON `subscriptions` (`service_id`, `url`)',
  'CREATE TABLE `search_history` (`creation_date` INTEGER, `service_id` INTEGER NOT NULL, `search` TEXT, `id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL)',
  'CREATE INDEX `index_search_history_search` ON `search_history` (`search`)',
  'CREATE TABLE `streams` (`uid` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `service_id` INTEGER NOT NULL, `url` TEXT NOT NULL, `title` TEXT NOT NULL, `stream_type` TEXT NOT NULL, `duration` INTEGER NOT NULL, `uploader` TEXT NOT NULL, `uploader_url` TEXT, `thumbnail_url` TEXT, `view_count` INTEGER, `textual_upload_date` TEXT, `upload_date` INTEGER, `is_upload_date_approximation` INTEGER)',
  'CREATE UNIQUE INDEX `index_streams_service_id_url` ON `streams` (`service_id`, `url`)',
  'CREATE TABLE `stream_history` (`stream_id` INTEGER NOT NULL, `access_date` INTEGER NOT NULL, `repeat_count` INTEGER NOT NULL, PRIMARY KEY(`stream_id`, `access_date`), FOREIGN KEY(`stream_id`) REFERENCES `streams`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE )',
  'CREATE INDEX `index_stream_history_stream_id` ON `stream_history` (`stream_id`)',
  'CREATE TABLE `stream_state` (`stream_id` INTEGER NOT NULL, `progress_time` INTEGER NOT NULL, PRIMARY KEY(`stream_id`), FOREIGN KEY(`stream_id`) REFERENCES `streams`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE )',
  'CREATE TABLE `playlist_stream_join` (`playlist_id` INTEGER NOT NULL, `stream_id` INTEGER NOT NULL, `join_index` INTEGER NOT NULL, PRIMARY KEY(`playlist_id`, `join_index`), FOREIGN KEY(`playlist_id`) REFERENCES `playlists`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY(`stream_id`) REFERENCES `streams`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED)',
  'CREATE UNIQUE INDEX `index_playlist_stream_join_playlist_id_join_index` ON `playlist_stream_join` (`playlist_id`, `join_index`)',
  'CREATE INDEX `index_playlist_stream_join_stream_id` ON `playlist_stream_join` (`stream_id`)',
  'CREATE TABLE `feed` (`stream_id` INTEGER NOT NULL, `subscription_id` INTEGER NOT NULL, PRIMARY KEY(`stream_id`, `subscription_id`), FOREIGN KEY(`stream_id`) REFERENCES `streams`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY(`subscription_id`) REFERENCES `subscriptions`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED)',
  'CREATE INDEX `index_feed_subscription_id` ON `feed` (`subscription_id`)',
  'CREATE TABLE `feed_group` (`uid` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT NOT NULL, `icon_id` INTEGER NOT NULL, `sort_order` INTEGER NOT NULL)',
  'CREATE INDEX `index_feed_group_sort_order` ON `feed_group` (`sort_order`)',
  'CREATE TABLE `feed_group_subscription_join` (`group_id` INTEGER NOT NULL, `subscription_id` INTEGER NOT NULL, PRIMARY KEY(`group_id`, `subscription_id`), FOREIGN KEY(`group_id`) REFERENCES `feed_group`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY(`subscription_id`) REFERENCES `subscriptions`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED)',
  'CREATE INDEX `index_feed_group_subscription_join_subscription_id` ON `feed_group_subscription_join` (`subscription_id`)',
  'CREATE TABLE `feed_last_updated` (`subscription_id` INTEGER NOT NULL, `last_updated` INTEGER, PRIMARY KEY(`subscription_id`), FOREIGN KEY(`subscription_id`) REFERENCES `subscriptions`(`uid`) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED)',
  'CREATE TABLE room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)',
  'CREATE TABLE "playlists" (`uid` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT, `is_thumbnail_permanent` INTEGER NOT NULL, `thumbnail_stream_id` INTEGER NOT NULL, `display_index` INTEGER NOT NULL)',
  'CREATE TABLE "remote_playlists" (`uid` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `service_id` INTEGER NOT NULL, `name` TEXT, `url` TEXT, `thumbnail_url` TEXT, `uploader` TEXT, `display_index` INTEGER NOT NULL,`stream_count` INTEGER)',
  'CREATE UNIQUE INDEX `index_remote_playlists_service_id_url` ON `remote_playlists` (`service_id`, `url`)',
]

export type NewPipeFeedGroup = { name: string; iconId: number; channelIds: string[] }

/** The flat groups NewPipe gets, in tree order (see the rule above). */
export function newPipeFeedGroups(model: ExportModel): NewPipeFeedGroup[] {
  const out: NewPipeFeedGroup[] = []
  for (const { group, path } of walkGroups(model.groups)) {
    const channelIds = [...new Set(channelIdsOf(group))]
    if (channelIds.length === 0 && group.groups.length > 0) continue
    out.push({ name: joinPath(path), iconId: newPipeIconId(group.icon), channelIds })
  }
  return out
}

type Subscription = { url: string; name: string; avatarUrl: string | null }

/** Every channel once, in library order; a placed channel the list lacks (never expected) too. */
function subscriptionsOf(model: ExportModel, groups: readonly NewPipeFeedGroup[]) {
  const byId = new Map<string, Subscription>()
  for (const channel of model.channels) {
    if (byId.has(channel.id)) continue
    byId.set(channel.id, {
      url: channelUrl(channel.id),
      name: channel.title === '' ? channel.id : channel.title,
      avatarUrl: httpsImageUrl(channel.avatarUrl),
    })
  }
  for (const group of groups) {
    for (const id of group.channelIds) {
      if (!byId.has(id)) byId.set(id, { url: channelUrl(id), name: id, avatarUrl: null })
    }
  }
  return byId
}

function run(db: Database, sql: string, rows: Iterable<(string | number | null)[]>): void {
  const statement = db.prepare(sql)
  try {
    for (const row of rows) statement.run(row)
  } finally {
    statement.free()
  }
}

function fill(db: Database, model: ExportModel): void {
  const groups = newPipeFeedGroups(model)
  const subscriptions = subscriptionsOf(model, groups)
  const uids = new Map([...subscriptions.keys()].map((id, index) => [id, index + 1]))
  db.run('INSERT INTO android_metadata (locale) VALUES (?)', [ANDROID_LOCALE])
  db.run('INSERT INTO room_master_table (id, identity_hash) VALUES (?, ?)', [
    NEWPIPE_ROOM_MASTER.id,
    NEWPIPE_ROOM_MASTER.identityHash,
  ])
  run(
    db,
    'INSERT INTO subscriptions (uid, service_id, url, name, avatar_url, notification_mode) VALUES (?, ?, ?, ?, ?, ?)',
    [...subscriptions.entries()].map(([id, row]) => [
      uids.get(id) ?? null,
      YOUTUBE_SERVICE_ID,
      row.url,
      row.name,
      row.avatarUrl,
      NOTIFICATIONS_OFF,
    ]),
  )
  run(
    db,
    'INSERT INTO feed_group (uid, name, icon_id, sort_order) VALUES (?, ?, ?, ?)',
    groups.map((group, index) => [index + 1, group.name, group.iconId, index]),
  )
  run(
    db,
    'INSERT INTO feed_group_subscription_join (group_id, subscription_id) VALUES (?, ?)',
    groups.flatMap((group, index) =>
      group.channelIds.map((id) => [index + 1, uids.get(id) ?? null]),
    ),
  )
}

export async function toNewPipeDb(model: ExportModel): Promise<Uint8Array> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database()
  try {
    db.exec(`PRAGMA user_version = ${NEWPIPE_DB_VERSION}`)
    db.exec('BEGIN')
    for (const statement of NEWPIPE_SCHEMA) db.exec(statement)
    fill(db, model)
    db.exec('COMMIT')
    return db.export()
  } finally {
    db.close()
  }
}

/** The zip NewPipe's "Import database" opens: `newpipe.db` alone, dated at the export. */
export async function toNewPipeZip(model: ExportModel): Promise<Uint8Array> {
  const db = await toNewPipeDb(model)
  return zipSync({ [NEWPIPE_DB_ENTRY]: [db, { level: 6, mtime: new Date(model.exportedAt) }] })
}
