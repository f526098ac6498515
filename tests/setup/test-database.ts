import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { type DatabaseHandle, openDatabase, pgliteHandle } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import * as schema from '~/db/schema'

/**
 * A fresh, migrated database per test file. On PostgreSQL (TEST_DATABASE_URL)
 * each copy is `CREATE DATABASE … TEMPLATE` of one migrated template; on
 * PGlite each copy is loaded from a dump of one migrated instance. Either
 * way migrations run once per worker, not once per test.
 */
const postgresUrl = process.env.TEST_DATABASE_URL

let pgliteTemplate: Promise<File | Blob> | undefined
let postgresTemplate: Promise<string> | undefined

async function pgliteCopy(): Promise<DatabaseHandle> {
  pgliteTemplate ??= (async () => {
    const base = await PGlite.create()
    await migrate(drizzlePglite(base, { schema }))
    const dump = await base.dumpDataDir('none')
    await base.close()
    return dump
  })()
  return pgliteHandle(await PGlite.create({ loadDataDir: await pgliteTemplate }))
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

async function postgresCopy(url: string): Promise<DatabaseHandle> {
  postgresTemplate ??= (async () => {
    const template = `tubefold_tpl_${process.pid}_${randomBytes(3).toString('hex')}`
    await adminQuery(url, `create database ${template}`)
    const base = await openDatabase({ engine: 'postgres', url: withDatabase(url, template) })
    await migrate(base.db)
    await base.close()
    return template
  })()
  const template = await postgresTemplate
  const name = `tubefold_test_${randomBytes(6).toString('hex')}`
  await adminQuery(url, `create database ${name} template ${template}`)
  const handle = await openDatabase({ engine: 'postgres', url: withDatabase(url, name) })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await adminQuery(url, `drop database if exists ${name}`)
    },
  }
}

export function createTestDatabase(): Promise<DatabaseHandle> {
  return postgresUrl ? postgresCopy(postgresUrl) : pgliteCopy()
}

export const testEngine: DatabaseHandle['engine'] = postgresUrl ? 'postgres' : 'pglite'
