import { randomBytes } from 'node:crypto'
import { zipSync } from 'fflate'
import initSqlJs from 'sql.js'
import { describe, expect, it } from 'vitest'
import { errorOf } from '../../../../tests/support/app-errors'
import { KURZ } from './import-models.fixtures'
import { parseNewpipeDb, ZIP_MAX_TOTAL_BYTES } from './newpipe-zip'
import { parseImport } from './parse-import'

/*
 * Issue 21.1: a file that makes reading it run code (generated columns,
 * triggers, views, virtual tables) or unpack to far more than it holds.
 */

const channel = `https://www.youtube.com/channel/${KURZ}`

async function database(sql: string): Promise<Uint8Array> {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run(sql)
  const bytes = db.export()
  db.close()
  return bytes
}

/** How a NewPipe database that cannot be read safely is refused: as a damaged file. */
const MALFORMED = { code: 'IMPORT_MALFORMED', params: { format: 'NewPipe (ZIP)' } }

describe('a NewPipe database that would run code when read', () => {
  it('refuses subscriptions with a generated column (SELECT * used to evaluate it per row)', async () => {
    const db = await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, name,
        url TEXT GENERATED ALWAYS AS ('${channel}' || substr(hex(zeroblob(1000)), 1, 0)) VIRTUAL);
      INSERT INTO subscriptions (uid, service_id, name) VALUES (1, 0, 'K');`)
    expect(await errorOf(parseNewpipeDb(db))).toMatchObject(MALFORMED)
  })

  it('refuses a stored generated column too, and one in the group tables', async () => {
    const stored = await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, name, url,
        avatar_url TEXT GENERATED ALWAYS AS (url || '.png') STORED);
      INSERT INTO subscriptions (uid, service_id, name, url) VALUES (1, 0, 'K', '${channel}');`)
    expect(await errorOf(parseNewpipeDb(stored))).toMatchObject(MALFORMED)
    const join = await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, name, url);
      CREATE TABLE feed_group_subscription_join (subscription_id,
        group_id GENERATED ALWAYS AS (subscription_id + 1));
      INSERT INTO subscriptions VALUES (1, 0, 'K', '${channel}');`)
    expect(await errorOf(parseNewpipeDb(join))).toMatchObject(MALFORMED)
  })

  it('refuses a trigger on a table it reads', async () => {
    const db = await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, url, name);
      CREATE TABLE log (a);
      CREATE TRIGGER t AFTER INSERT ON subscriptions BEGIN INSERT INTO log VALUES (1); END;
      INSERT INTO subscriptions VALUES (1, 0, '${channel}', 'K');`)
    expect(await errorOf(parseNewpipeDb(db))).toMatchObject(MALFORMED)
  })

  it('refuses a group table that is a view, and a virtual subscriptions table', async () => {
    const view = await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, url, name);
      INSERT INTO subscriptions VALUES (1, 0, '${channel}', 'K');
      CREATE VIEW feed_group AS
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
        SELECT n AS uid, 'g' AS name, n AS sort_order FROM r;`)
    expect(await errorOf(parseNewpipeDb(view))).toMatchObject(MALFORMED)
    const virtual = await database(`
      CREATE VIRTUAL TABLE subscriptions USING fts4(uid, service_id, url, name);
      INSERT INTO subscriptions VALUES (1, 0, '${channel}', 'K');`)
    expect(await errorOf(parseNewpipeDb(virtual))).toMatchObject(MALFORMED)
  })

  it('still reads a plain database, columns in any order and case, extra ones ignored', async () => {
    const db = await database(`
      CREATE TABLE Subscriptions (NAME, extra, URL, Service_Id, uid INTEGER PRIMARY KEY);
      INSERT INTO Subscriptions VALUES ('K', 'x', '${channel}', 0, 1);`)
    const model = await parseNewpipeDb(db)
    expect(model.ungrouped).toEqual([{ kind: 'channel', key: `id:${KURZ}` }])
    expect(model.channels[0]?.title).toBe('K')
  })
})

describe('a zip that unpacks to far more than it holds', () => {
  it('refuses an entry packed tighter than any real export, before inflating it', async () => {
    const zip = zipSync({ 'newpipe.db': new Uint8Array(8 * 1024 * 1024) })
    expect(zip.length).toBeLessThan(64 * 1024)
    expect(await errorOf(parseImport(zip, 'newpipe.zip'))).toMatchObject({
      code: 'IMPORT_ARCHIVE_TOO_LARGE',
      params: { max: ZIP_MAX_TOTAL_BYTES / (1024 * 1024) },
    })
  })

  it('refuses a zip whose entries declare more than the total, however loosely packed', async () => {
    const zip = zipSync({ 'subscriptions.csv': randomBytes(400 * 1024) }, { level: 0 })
    // The central directory's uncompressed size: 200 MB (a ratio of exactly 500).
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    const central = zip.length - 22 - (46 + 'subscriptions.csv'.length)
    expect(view.getUint32(central, true)).toBe(0x02014b50)
    view.setUint32(central + 24, 200 * 1024 * 1024, true)
    expect(await errorOf(parseImport(zip, 'takeout.zip'))).toMatchObject({
      code: 'IMPORT_ARCHIVE_TOO_LARGE',
      params: { max: ZIP_MAX_TOTAL_BYTES / (1024 * 1024) },
    })
  })

  it('still opens a plain NewPipe zip', async () => {
    const model = await parseImport(
      zipSync({
        'newpipe.db': await database(`
          CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, url, name);
          INSERT INTO subscriptions VALUES (1, 0, '${channel}', 'K');`),
      }),
      'newpipe.zip',
    )
    expect(model.channels).toHaveLength(1)
  })
})
