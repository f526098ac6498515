/**
 * Writes src/features/transfer/formats/fixtures/newpipe-export.zip: a NewPipe
 * "Export database" zip with NewPipe's own tables (Room schema), a channel in
 * two feed groups, an empty group, an ungrouped channel and a SoundCloud
 * subscription. Run after changing it, and commit the zip:
 *
 *   node scripts/make-newpipe-fixture.ts
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { strToU8, zipSync } from 'fflate'
import initSqlJs from 'sql.js'

const OUT = fileURLToPath(
  new URL('../src/features/transfer/formats/fixtures/newpipe-export.zip', import.meta.url),
)

const SCHEMA = `
CREATE TABLE android_metadata (locale TEXT);
CREATE TABLE room_master_table (id INTEGER PRIMARY KEY, identity_hash TEXT);
CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT, avatar_url TEXT, subscriber_count INTEGER, description TEXT, notification_mode INTEGER NOT NULL);
CREATE UNIQUE INDEX index_subscriptions_service_id_url ON subscriptions (service_id, url);
CREATE TABLE feed_group (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT NOT NULL, icon_id INTEGER NOT NULL, sort_order INTEGER NOT NULL);
CREATE INDEX index_feed_group_sort_order ON feed_group (sort_order);
CREATE TABLE feed_group_subscription_join (group_id INTEGER NOT NULL, subscription_id INTEGER NOT NULL, PRIMARY KEY(group_id, subscription_id), FOREIGN KEY(group_id) REFERENCES feed_group(uid) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY(subscription_id) REFERENCES subscriptions(uid) ON UPDATE CASCADE ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED);
CREATE INDEX index_feed_group_subscription_join_subscription_id ON feed_group_subscription_join (subscription_id);
CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL, stream_type TEXT NOT NULL, duration INTEGER NOT NULL, uploader TEXT NOT NULL, uploader_url TEXT, thumbnail_url TEXT, view_count INTEGER, textual_upload_date TEXT, upload_date INTEGER, is_upload_date_approximation INTEGER);
CREATE TABLE stream_history (stream_id INTEGER NOT NULL, access_date INTEGER NOT NULL, repeat_count INTEGER NOT NULL, PRIMARY KEY(stream_id, access_date));
`

// [uid, service_id, url, name, avatar_url]
const SUBSCRIPTIONS: [number, number, string, string, string][] = [
  [
    1,
    0,
    'https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q',
    'Kurzgesagt – In a Nutshell',
    'https://yt3.ggpht.com/kurzgesagt=s900-c-k-c0x00ffffff-no-rj',
  ],
  [
    2,
    0,
    'https://www.youtube.com/channel/UCHnyfMqiRRG1u-2MsSQLbXA',
    'Veritasium',
    'https://yt3.ggpht.com/veritasium=s900-c-k-c0x00ffffff-no-rj',
  ],
  [
    3,
    1,
    'https://soundcloud.com/lofi-hip-hop-music',
    'Lofi Hip Hop',
    'https://i1.sndcdn.com/avatars-lofi-large.jpg',
  ],
  [
    4,
    0,
    'https://www.youtube.com/channel/UCYO_jab_esuFRV4b17AJtAw',
    '3Blue1Brown',
    'https://yt3.ggpht.com/3b1b=s900-c-k-c0x00ffffff-no-rj',
  ],
  [
    5,
    0,
    'https://www.youtube.com/channel/UCoxcjq-8xIDTYp3uz647V5A',
    'Numberphile',
    'https://yt3.ggpht.com/numberphile=s900-c-k-c0x00ffffff-no-rj',
  ],
  [
    6,
    0,
    'https://www.youtube.com/channel/UCXuqSBlHAE6Xw-yeJA0Tunw',
    'Linus Tech Tips',
    'https://yt3.ggpht.com/ltt=s900-c-k-c0x00ffffff-no-rj',
  ],
]

// [uid, name, icon_id, sort_order]: uid order differs from sort order on purpose.
const GROUPS: [number, string, number, number][] = [
  [1, 'Ciência', 12, 1],
  [2, 'Matemática', 7, 0],
  [3, 'Música', 3, 2],
]

// [group_id, subscription_id]: 3Blue1Brown (4) is in both Ciência and Matemática.
const JOINS: [number, number][] = [
  [1, 2],
  [1, 1],
  [1, 4],
  [2, 4],
  [2, 5],
  [3, 3],
]

const SQL = await initSqlJs()
const db = new SQL.Database()
db.run(SCHEMA)
db.run("INSERT INTO android_metadata VALUES ('pt_BR')")
db.run("INSERT INTO room_master_table VALUES (42, '7591e8039faa74d8c0517dc867af9d3e')")
for (const [uid, serviceId, url, name, avatar] of SUBSCRIPTIONS) {
  db.run(
    'INSERT INTO subscriptions (uid, service_id, url, name, avatar_url, subscriber_count, description, notification_mode) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
    [uid, serviceId, url, name, avatar, 1_000_000 * uid, `About ${name}`],
  )
}
for (const [uid, name, iconId, sortOrder] of GROUPS) {
  db.run('INSERT INTO feed_group VALUES (?, ?, ?, ?)', [uid, name, iconId, sortOrder])
}
for (const [groupId, subscriptionId] of JOINS) {
  db.run('INSERT INTO feed_group_subscription_join VALUES (?, ?)', [groupId, subscriptionId])
}
const database = db.export()
db.close()

// NewPipe also writes its settings: Java-serialised (magic AC ED 00 05) and, since 0.27, JSON.
const settings = new Uint8Array([0xac, 0xed, 0x00, 0x05, 0x73, 0x72, 0x00, 0x11])
const preferences = strToU8(JSON.stringify({ theme: 'dark_theme', main_page_content: 'feed' }))
const zip = zipSync(
  {
    'newpipe.db': database,
    'newpipe.settings': settings,
    'preferences.json': preferences,
  },
  { level: 6, mtime: new Date('2024-05-01T10:00:00Z') },
)
writeFileSync(OUT, zip)
console.log(`wrote ${OUT} (${zip.length} bytes)`)
