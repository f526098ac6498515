import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { subscription, user } from '~/db/schema'
import { billingConfigured } from '~/features/billing/subscription.server'
import { getDb } from '~/server/database.server'
import { defineJob } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'
import { appLink, sendTranslatedMail } from '~/server/mail/translated-mail.server'

/*
 * The trial's two mails: three days before it ends, and on the day it
 * ended. A daily job finds the accounts due, claims each notice on the row
 * (so a second run, or a second instance, sends nothing twice), then mails.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const SOON_DAYS = 3
/** An "ended" notice is for a trial that ended within the last day or two, not one long gone. */
const ENDED_WITHIN_DAYS = 2

type Notice = 'soon' | 'ended'

async function claimDue(db: Database, notice: Notice, now: Date) {
  const window =
    notice === 'soon'
      ? and(
          gt(subscription.trialEndsAt, now),
          lte(subscription.trialEndsAt, new Date(now.getTime() + SOON_DAYS * DAY_MS)),
        )
      : and(
          lte(subscription.trialEndsAt, now),
          gt(subscription.trialEndsAt, new Date(now.getTime() - ENDED_WITHIN_DAYS * DAY_MS)),
        )
  return db
    .update(subscription)
    .set({ trialNotices: sql`${subscription.trialNotices} || ${JSON.stringify([notice])}::jsonb` })
    .where(
      and(
        eq(subscription.status, 'trialing'),
        window,
        sql`not (${subscription.trialNotices} ? ${notice})`,
      ),
    )
    .returning({ userId: subscription.userId, trialEndsAt: subscription.trialEndsAt })
}

/** Sends the mails due at `now`; answers how many went out. */
export async function sendTrialMails(db: Database, now: Date = new Date()): Promise<number> {
  if (!billingConfigured()) return 0
  let sent = 0
  for (const notice of ['soon', 'ended'] as const) {
    for (const due of await claimDue(db, notice, now)) {
      const [person] = await db
        .select({
          email: user.email,
          name: user.name,
          locale: user.locale,
          verified: user.emailVerified,
        })
        .from(user)
        .where(eq(user.id, due.userId))
      // Only a confirmed address is mailed: anyone can sign up with someone else's.
      if (!person?.verified) continue
      const days = Math.max(
        1,
        Math.ceil(((due.trialEndsAt?.getTime() ?? 0) - now.getTime()) / DAY_MS),
      )
      await sendTranslatedMail(person, {
        subject: notice === 'soon' ? 'billing.mail.soon.subject' : 'billing.mail.ended.subject',
        heading: notice === 'soon' ? 'billing.mail.soon.heading' : 'billing.mail.ended.heading',
        body: [notice === 'soon' ? 'billing.mail.soon.body' : 'billing.mail.ended.body'],
        action: { label: 'billing.mail.action', url: appLink('/dashboard/settings/billing/') },
        params: { days },
      }).then(
        () => {
          sent += 1
        },
        () => log.warn('billing: trial mail not sent', { notice }),
      )
    }
  }
  return sent
}

export const trialMailsJob = defineJob({
  name: 'billing.trial-mails',
  schema: z.object({}),
  maxAttempts: 3,
  backoffMs: 60_000,
  handler: async () => {
    const sent = await sendTrialMails(await getDb())
    log.info('billing.trial_mails', { sent })
  },
})

/** Daily, in the morning (UTC) of most readers. */
export const trialMailsSchedule = defineSchedule({
  name: 'billing.trial-mails',
  cron: '0 9 * * *',
  job: trialMailsJob,
  payload: {},
})
