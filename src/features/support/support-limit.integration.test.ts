import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '~/db/client.server'
import { mailOutbox } from '~/db/schema'
import { getDatabaseHandle } from '~/server/database.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { openTestInstance, type TestInstance } from '~/server/jobs/test-instances'
import { db } from '../../../tests/support/database'
import { contactSchema } from './support.schemas'

/*
 * Issue 22 item 4: the support form's limit lived in each process's memory,
 * so three instances took 15 messages an hour from one address instead of 5.
 */

const ENV_KEYS = ['SMTP_URL', 'BASE_URL', 'SUPPORT_EMAIL'] as const
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))
let others: TestInstance[] = []

type Instance = {
  db: Database
  submit: typeof import('./support.server')['submitSupportMessage']
}

/**
 * An instance as a process of its own: a fresh copy of every module (nothing
 * kept in memory is shared) over its own handle on the one database.
 */
async function startInstance(handle: Database): Promise<Instance> {
  const { engine } = await getDatabaseHandle()
  vi.resetModules()
  const database = await import('~/server/database.server')
  database.provideDatabaseForTests({ db: handle, engine, close: async () => {} })
  return { db: handle, submit: (await import('./support.server')).submitSupportMessage }
}

beforeAll(async () => {
  delete process.env.SMTP_URL
  process.env.BASE_URL = 'http://127.0.0.1:3000'
  process.env.SUPPORT_EMAIL = 'help@tubefold.test'
  resetEnvCacheForTests()
  others = [await openTestInstance(db), await openTestInstance(db)]
})

afterAll(async () => {
  for (const other of others) await other.close()
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCacheForTests()
})

describe('the support form’s limit across instances', () => {
  it('takes 5 messages from one address spread over 3 instances, then refuses', async () => {
    const instances: Instance[] = []
    for (const handle of [db, ...others.map((other) => other.db)]) {
      instances.push(await startInstance(handle))
    }
    const contact = contactSchema.parse({
      name: 'Persistent',
      email: 'persistent@example.com',
      topic: 'question',
      message: 'Is anyone reading these? Asking again, from every instance.',
    })
    const outcomes: string[] = []
    for (let attempt = 0; attempt < 15; attempt++) {
      const instance = instances[attempt % instances.length]
      if (!instance) throw new Error('no instance')
      try {
        await instance.submit(instance.db, contact, {
          ip: '198.51.100.20',
          locale: 'en',
          sender: null,
        })
        outcomes.push('sent')
      } catch (error) {
        outcomes.push(error instanceof Error && 'code' in error ? String(error.code) : 'error')
      }
    }
    expect(outcomes).toEqual([...Array(5).fill('sent'), ...Array(10).fill('RATE_LIMITED')])
    const mails = await db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'help@tubefold.test'))
    expect(mails).toHaveLength(5)
  })
})
