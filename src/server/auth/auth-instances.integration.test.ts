import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Auth, createAuth, withClientAddress } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { getEnv, resetEnvCacheForTests } from '~/server/env.server'
import { openTestInstance, type TestInstance } from '~/server/jobs/test-instances'
import { authSuite, BASE_URL } from '../../../tests/support/auth-suite'

/* Limits as three app instances on one database see them: shared, not one budget each. */

const { secret, signIn, newUser } = authSuite()

let others: TestInstance[] = []
/** Better Auth as each of three instances builds it, each over its own database handle. */
let instances: Auth[] = []

beforeAll(async () => {
  const db = await getDb()
  others = [await openTestInstance(db), await openTestInstance(db)]
  instances = [db, ...others.map((other) => other.db)].map((handle) => createAuth(handle, getEnv()))
})

afterAll(async () => {
  for (const other of others) await other.close()
})

describe('the per-account sign-in limit across instances', () => {
  it('gives 30 wrong passwords spread over 3 instances 10 × 401, then 429', async () => {
    const person = await newUser()
    const wrongPassword = secret('three instances, one budget')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 30; attempt++) {
      const on = instances[attempt % instances.length]
      const response = await signIn(person.email, wrongPassword, {
        on,
        ip: `192.0.2.${attempt + 1}`,
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(20).fill(429))
  })

  it('keeps counting after a restart: a new instance starts from the shared count', async () => {
    const person = await newUser()
    const wrongPassword = secret('restarting does not help')
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(person.email, wrongPassword, { on: instances[0] })).status).toBe(401)
    }
    const restarted = createAuth(await getDb(), getEnv())
    expect((await signIn(person.email, person.password, { on: restarted })).status).toBe(429)
  })
})

describe('client addresses behind a trusted proxy', () => {
  let limited: Auth

  beforeAll(async () => {
    process.env.TRUST_PROXY = 'true'
    process.env.AUTH_RATE_LIMIT = 'on'
    resetEnvCacheForTests()
    limited = createAuth(await getDb(), getEnv())
  })

  afterAll(() => {
    delete process.env.TRUST_PROXY
    delete process.env.AUTH_RATE_LIMIT
    resetEnvCacheForTests()
  })

  /** A sign-in as the route sends it to Better Auth, from a socket, with no X-Forwarded-For. */
  function unforwardedSignIn(email: string, password: string, socketAddress: string) {
    const headers = withClientAddress(
      new Headers({ 'content-type': 'application/json', origin: BASE_URL }),
      socketAddress,
    )
    return limited.handler(
      new Request(`${BASE_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      }),
    )
  }

  it('does not put every request without X-Forwarded-For in one per-IP bucket', async () => {
    const person = await newUser()
    // One client spends its per-IP sign-in budget (distinct unknown emails, so no account limit).
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await unforwardedSignIn(
        `unforwarded${attempt}@example.test`,
        person.password,
        '203.0.113.10',
      )
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }
    expect(
      (await unforwardedSignIn('unforwarded11@example.test', person.password, '203.0.113.10'))
        .status,
    ).toBe(429)
    // Another client, also without the header, is not refused for it.
    expect((await unforwardedSignIn(person.email, person.password, '203.0.113.11')).status).toBe(
      200,
    )
  })
})
