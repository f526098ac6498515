import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { mailNotice } from '~/db/schema'

export type MailNoticeKind = (typeof mailNotice.$inferInsert)['kind']

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Claims today's one notice of `kind` for an address: true when none went
 * out in the last 24 hours (and records this one), false otherwise. One
 * statement, so two requests at once cannot both claim it; in the database,
 * so a restart does not reset it.
 */
export async function claimDailyNotice(
  db: Database,
  kind: MailNoticeKind,
  address: string,
  now: Date = new Date(),
): Promise<boolean> {
  const addressHash = createHash('sha256').update(address.trim().toLowerCase()).digest('hex')
  const claimed = await db
    .insert(mailNotice)
    .values({ kind, addressHash, sentAt: now })
    .onConflictDoUpdate({
      target: [mailNotice.kind, mailNotice.addressHash],
      set: { sentAt: now },
      setWhere: sql`${mailNotice.sentAt} <= ${new Date(now.getTime() - DAY_MS)}`,
    })
    .returning({ kind: mailNotice.kind })
  return claimed.length > 0
}
