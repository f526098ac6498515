import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { type QuotaPurpose, user, youtubeQuota, youtubeQuotaUser } from '~/db/schema'
import { getEnv } from '~/server/env.server'

/*
 * Data API quota ledger (decision 0020). Units are booked before a request is sent, in YouTube's own day
 * (Pacific time), so work stops at the budget instead of after YouTube starts refusing.
 */

const PACIFIC = 'America/Los_Angeles'

export class QuotaExhaustedError extends Error {
  override name = 'QuotaExhaustedError'
  /** When the quota day ends and work may resume. */
  readonly resumeAt: Date
  constructor(resumeAt: Date) {
    super(`YouTube quota exhausted until ${resumeAt.toISOString()}`)
    this.resumeAt = resumeAt
  }
}

/** One user's daily share is spent; the instance may still have units for others. */
export class QuotaShareExhaustedError extends QuotaExhaustedError {
  override name = 'QuotaShareExhaustedError'
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PACIFIC,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  timeZoneName: 'shortOffset',
})

/** The quota day (`YYYY-MM-DD` in Pacific time) that `now` falls in. */
export function quotaDay(now: Date = new Date()): string {
  return dayFormat.format(now)
}

/** Minutes Pacific time is ahead of UTC at `at` (−480 in winter, −420 in summer). */
function pacificOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '')
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0)
  return match[1] === '-' ? -minutes : minutes
}

export function nextQuotaReset(now: Date = new Date()): Date {
  const [year, month, day] = quotaDay(now).split('-').map(Number)
  const midnightUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + 1)
  // The offset that applies at that midnight (DST changes happen at 2 am, so a guess suffices).
  const guess = new Date(midnightUtc + 8 * 3600_000)
  return new Date(midnightUtc - pacificOffsetMinutes(guess) * 60_000)
}

export type QuotaStatus = {
  day: string
  budget: number
  spent: number
  remaining: number
  byPurpose: Partial<Record<QuotaPurpose, number>>
  exhausted: boolean
  resetsAt: string
}

async function spentOn(db: Database, day: string): Promise<Map<QuotaPurpose, number>> {
  const rows = await db
    .select({ purpose: youtubeQuota.purpose, units: youtubeQuota.units })
    .from(youtubeQuota)
    .where(eq(youtubeQuota.day, day))
  return new Map(rows.map((row) => [row.purpose, row.units]))
}

const total = (spent: Map<QuotaPurpose, number>) =>
  [...spent.values()].reduce((sum, units) => sum + units, 0)

/** A user's daily share: smaller until they confirm their address (a throwaway account gets little). */
async function shareOf(db: Database, userId: string): Promise<number> {
  const env = getEnv()
  const [row] = await db
    .select({ confirmed: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
  return row?.confirmed ? env.YOUTUBE_USER_DAILY_UNITS : env.YOUTUBE_UNCONFIRMED_DAILY_UNITS
}

async function spentBy(db: Database, day: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ units: youtubeQuotaUser.units })
    .from(youtubeQuotaUser)
    .where(and(eq(youtubeQuotaUser.day, day), eq(youtubeQuotaUser.userId, userId)))
  return row?.units ?? 0
}

/**
 * Books on the day's budget (and with a `payer` on their share, same transaction), else throws the matching
 * QuotaExhaustedError. An advisory lock keeps two workers from both taking the last units.
 */
export async function chargeQuota(
  db: Database,
  purpose: QuotaPurpose,
  units: number,
  now: Date = new Date(),
  payer: string | null = null,
): Promise<void> {
  const budget = getEnv().YOUTUBE_DAILY_QUOTA
  const day = quotaDay(now)
  const refused = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('youtube_quota'))`)
    if (payer !== null && (await spentBy(tx, day, payer)) + units > (await shareOf(tx, payer)))
      return 'share'
    const spent = await spentOn(tx, day)
    if (total(spent) + units > budget) return 'instance'
    await tx
      .insert(youtubeQuota)
      .values({ day, purpose, units })
      .onConflictDoUpdate({
        target: [youtubeQuota.day, youtubeQuota.purpose],
        set: { units: sql`${youtubeQuota.units} + ${units}` },
      })
    if (payer !== null) {
      await tx
        .insert(youtubeQuotaUser)
        .values({ day, userId: payer, units })
        .onConflictDoUpdate({
          target: [youtubeQuotaUser.day, youtubeQuotaUser.userId],
          set: { units: sql`${youtubeQuotaUser.units} + ${units}` },
        })
    }
    return null
  })
  if (refused === 'share') throw new QuotaShareExhaustedError(nextQuotaReset(now))
  if (refused === 'instance') throw new QuotaExhaustedError(nextQuotaReset(now))
}

/** Units a user has booked on a day (tests and the share's status). */
export async function unitsSpentBy(
  db: Database,
  userId: string,
  day: string = quotaDay(),
): Promise<number> {
  return spentBy(db, day, userId)
}

/** YouTube refused for quota before our count did: book the rest of the day so work stops. */
export async function markQuotaExhausted(db: Database, now: Date = new Date()): Promise<Date> {
  const budget = getEnv().YOUTUBE_DAILY_QUOTA
  const day = quotaDay(now)
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('youtube_quota'))`)
    const spent = await spentOn(tx, day)
    const rest = Math.max(0, budget - total(spent))
    if (rest === 0) return
    await tx
      .insert(youtubeQuota)
      .values({ day, purpose: 'exhausted', units: rest })
      .onConflictDoUpdate({
        target: [youtubeQuota.day, youtubeQuota.purpose],
        set: { units: sql`${youtubeQuota.units} + ${rest}` },
      })
  })
  return nextQuotaReset(now)
}

/** Today's ledger, for `/health` details and the job status. */
export async function quotaStatus(db: Database, now: Date = new Date()): Promise<QuotaStatus> {
  const budget = getEnv().YOUTUBE_DAILY_QUOTA
  const day = quotaDay(now)
  const spent = await spentOn(db, day)
  const used = total(spent)
  return {
    day,
    budget,
    spent: used,
    remaining: Math.max(0, budget - used),
    byPurpose: Object.fromEntries(spent),
    exhausted: used >= budget,
    resetsAt: nextQuotaReset(now).toISOString(),
  }
}

/** Units of one purpose booked on a day (tests and benches). */
export async function unitsSpent(
  db: Database,
  purpose: QuotaPurpose,
  day: string,
): Promise<number> {
  const [row] = await db
    .select({ units: youtubeQuota.units })
    .from(youtubeQuota)
    .where(and(eq(youtubeQuota.day, day), eq(youtubeQuota.purpose, purpose)))
  return row?.units ?? 0
}
