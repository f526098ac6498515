import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { subscription, user } from '~/db/schema'
import { TRIAL_DAYS } from '~/features/billing/plans'
import { readPlanState, startTrial } from '~/features/billing/subscription.server'
import { createUser } from '~/seed/factories/users.server'
import { getAuth } from '~/server/auth/auth.server'
import { disableBilling, enableBilling } from '../../../tests/support/billing'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import { registerSchema } from './auth.schemas'
import { registerAccount } from './register.server'

/* The 14-day Pro trial: started by every sign-up, ended by the clock alone. */

const DAY_MS = 24 * 60 * 60 * 1000

mailToOutbox()
beforeAll(async () => {
  enableBilling()
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(() => disableBilling())

const password = 'a long enough password 1'
const fresh = (label: string) => `${label}.${crypto.randomUUID().slice(0, 8)}@example.test`

async function signUp(email: string): Promise<string> {
  await registerAccount(
    registerSchema.parse({
      name: 'Trial Person',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    }),
    { headers: new Headers(), ip: '127.0.0.1', locale: 'en' },
  )
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  if (!row) throw new Error('no user')
  return row.id
}

describe('the trial', () => {
  it('starts at sign-up: Pro for 14 days, no card', async () => {
    const before = Date.now()
    const id = await signUp(fresh('trial'))
    const [row] = await db.select().from(subscription).where(eq(subscription.userId, id))
    expect(row).toMatchObject({ plan: 'pro', status: 'trialing', stripeCustomerId: null })
    const ends = row?.trialEndsAt?.getTime() ?? 0
    expect(ends).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS)
    expect(ends).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY_MS)
    expect(await readPlanState(db, id)).toMatchObject({
      plan: 'pro',
      trialing: true,
      trialDaysLeft: TRIAL_DAYS,
      unlimited: false,
    })
  })

  it('starts for an account Better Auth creates any other way (Google, the factories)', async () => {
    const made = await createUser(await getAuth())
    expect((await readPlanState(db, made.id)).plan).toBe('pro')
  })

  it('ends with the clock: days left count down, then the account is on Free', async () => {
    const start = new Date('2031-03-01T10:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)
    const id = await signUp(fresh('clock'))
    vi.setSystemTime(new Date(start.getTime() + 11 * DAY_MS))
    expect(await readPlanState(db, id)).toMatchObject({ plan: 'pro', trialDaysLeft: 3 })
    vi.setSystemTime(new Date(start.getTime() + TRIAL_DAYS * DAY_MS - 60_000))
    expect(await readPlanState(db, id)).toMatchObject({ plan: 'pro', trialDaysLeft: 1 })
    vi.setSystemTime(new Date(start.getTime() + TRIAL_DAYS * DAY_MS + 1))
    expect(await readPlanState(db, id)).toMatchObject({
      plan: 'free',
      trialing: false,
      trialDaysLeft: 0,
    })
  })

  it('is given once: a second start keeps the first trial', async () => {
    const id = await signUp(fresh('once'))
    const [first] = await db.select().from(subscription).where(eq(subscription.userId, id))
    await startTrial(db, id, new Date(Date.now() + 30 * DAY_MS))
    const [second] = await db.select().from(subscription).where(eq(subscription.userId, id))
    expect(second?.trialEndsAt).toEqual(first?.trialEndsAt)
  })

  it('unlocks everything on an instance without a payment provider', async () => {
    const id = await signUp(fresh('selfhosted'))
    disableBilling()
    try {
      expect(await readPlanState(db, id)).toMatchObject({ unlimited: true })
    } finally {
      enableBilling()
    }
  })
})
