import { createServer } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { mailOutbox } from '../../src/db/schema'
import { getDb } from '../../src/server/database.server'
import { resetEnvCacheForTests } from '../../src/server/env.server'

/*
 * Mail in integration tests: without SMTP_URL every mail lands in the
 * outbox table, where the tests read it.
 */

/** Registers the hooks of a test file whose mail goes to the outbox table. */
export function mailToOutbox() {
  const saved = process.env.SMTP_URL
  beforeAll(() => {
    delete process.env.SMTP_URL
    resetEnvCacheForTests()
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.SMTP_URL
    else process.env.SMTP_URL = saved
    resetEnvCacheForTests()
  })
}

/** The mails sent to an address, oldest first. */
export async function mailsTo(email: string) {
  const db = await getDb()
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt))
}

/** A port nothing listens on: SMTP to it fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Runs with an SMTP server that cannot be reached, then goes back to the outbox. */
export async function withBrokenSmtp<T>(run: () => Promise<T>): Promise<T> {
  process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`
  resetEnvCacheForTests()
  try {
    return await run()
  } finally {
    delete process.env.SMTP_URL
    resetEnvCacheForTests()
  }
}
