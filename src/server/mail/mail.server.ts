import { desc } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { mailOutbox } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { getDb } from '../database.server'
import { getEnv } from '../env.server'
import { onShutdown } from '../lifecycle.server'
import { log } from '../logger.server'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Extra headers (List-Unsubscribe); the outbox keeps them too. */
  headers?: Record<string, string>
}

let smtp: Transporter | undefined

function smtpTransport(url: string): Transporter {
  if (!smtp) {
    const transport = nodemailer.createTransport(url)
    onShutdown(async () => transport.close())
    smtp = transport
  }
  return smtp
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise (never in production,
 * where the env check requires SMTP) writes to the local outbox table that
 * the dev-only outbox page shows. Failure is a typed MAIL_FAILED error.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv()
  try {
    if (env.SMTP_URL) {
      await smtpTransport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, ...message })
    } else {
      const db = await getDb()
      await db.insert(mailOutbox).values({ from: env.MAIL_FROM, ...message })
    }
    log.info('mail sent', { transport: env.SMTP_URL ? 'smtp' : 'outbox' })
  } catch (error) {
    log.error('mail failed', { error: error instanceof Error ? error.message : 'unknown' })
    throw new AppError('MAIL_FAILED')
  }
}

export async function listOutbox(limit = 50) {
  const db = await getDb()
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
}
