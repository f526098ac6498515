import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { TEAM_EVENTS, type TeamEvent } from '~/db/enums'
import { notificationPreference, user } from '~/db/schema'
import { loadMessages } from '~/lib/i18n/load-messages'
import { LOCALE_TAGS, parseLocale } from '~/lib/i18n/locales'
import { createTranslator, type Translate } from '~/lib/i18n/translate'
import { getDb } from '~/server/database.server'
import { defineJob } from '~/server/jobs/jobs.server'
import { log } from '~/server/logger.server'
import { sendMail } from '~/server/mail/mail.server'
import { type MailSection, renderMail } from '~/server/mail/render-mail.server'
import { appLink } from '~/server/mail/translated-mail.server'
import {
  DIGEST_INTRO,
  DIGEST_SUBJECT,
  TEAM_EVENT_TEXTS,
  type TeamEventLine,
  teamEventText,
} from './notice-text'
import { type UnsubscribeKind, unsubscribeToken } from './unsubscribe-token.server'

/*
 * The digest and team-event jobs enqueue this in their claim's transaction, so neither a
 * claim without its mail nor the reverse can commit; SMTP failures are retried here.
 */

const digestVideo = z.object({
  videoId: z.string(),
  title: z.string(),
  channelTitle: z.string(),
  thumbnailUrl: z.string().nullable(),
  publishedAt: z.string(),
  isShort: z.boolean(),
})

export const digestMailSchema = z.object({
  kind: z.literal('digest'),
  userId: z.string(),
  mode: z.enum(['daily', 'weekly']),
  timeZone: z.string(),
  groups: z.array(
    z.object({ groupId: z.string(), groupName: z.string(), videos: z.array(digestVideo) }),
  ),
})

/** What a team-event line says; `text` picks the sentence (a removal reads differently to the removed). */
export const teamEventSchema = z.object({
  event: z.enum(TEAM_EVENTS),
  text: z.enum(TEAM_EVENT_TEXTS),
  actor: z.string(),
  group: z.string(),
  groupId: z.string().nullable(),
  member: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
}) satisfies z.ZodType<TeamEventLine>

export const teamMailSchema = z.object({
  kind: z.literal('team'),
  userId: z.string(),
  line: teamEventSchema,
})

const mailPayloadSchema = z.discriminatedUnion('kind', [digestMailSchema, teamMailSchema])
export type NotificationMailPayload = z.infer<typeof mailPayloadSchema>

function unsubscribeUrl(userId: string, kind: UnsubscribeKind) {
  return appLink(`/unsubscribe/?token=${encodeURIComponent(unsubscribeToken(userId, kind))}`)
}

/** RFC 8058: the POST target carries the same token; mail providers call it with no session. */
export function unsubscribeHeaders(userId: string, kind: UnsubscribeKind): Record<string, string> {
  const post = appLink(
    `/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, kind))}`,
  )
  return {
    'List-Unsubscribe': `<${post}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}

function digestSections(
  t: Translate,
  tag: string,
  payload: z.infer<typeof digestMailSchema>,
): MailSection[] {
  const date = new Intl.DateTimeFormat(tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: safeZone(payload.timeZone),
  })
  return payload.groups.map((entry) => ({
    title: entry.groupName,
    link: {
      label: t('notifyMail.digest.openGroup', { group: entry.groupName }),
      url: appLink(`/dashboard/groups/${encodeURIComponent(entry.groupId)}/`),
    },
    items: entry.videos.map((item) => ({
      title: item.title,
      detail: t(item.isShort ? 'notifyMail.digest.detailShort' : 'notifyMail.digest.detail', {
        channel: item.channelTitle,
        date: date.format(new Date(item.publishedAt)),
      }),
      url: `https://www.youtube.com/watch?v=${encodeURIComponent(item.videoId)}`,
      imageUrl: item.thumbnailUrl,
    })),
  }))
}

async function mutedEvents(userId: string): Promise<readonly TeamEvent[]> {
  const db = await getDb()
  const [row] = await db
    .select({ muted: notificationPreference.mutedTeamEvents })
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId))
  return row?.muted ?? []
}

export async function sendNotificationMail(payload: NotificationMailPayload): Promise<boolean> {
  const db = await getDb()
  const [person] = await db
    .select({
      email: user.email,
      name: user.name,
      locale: user.locale,
      verified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, payload.userId))
  // Only a confirmed address is mailed: anyone can sign up with someone else's.
  if (!person?.verified) return false
  const locale = parseLocale(person.locale)
  const tag = LOCALE_TAGS[locale]
  const t = createTranslator(await loadMessages(locale))
  const footer = t('mail.footer')
  if (payload.kind === 'digest') {
    const count = payload.groups.reduce((sum, entry) => sum + entry.videos.length, 0)
    const subject = t(
      DIGEST_SUBJECT[payload.mode][
        new Intl.PluralRules(tag).select(count) === 'one' ? 'one' : 'other'
      ],
      {
        count: new Intl.NumberFormat(tag).format(count),
      },
    )
    const content = renderMail({
      lang: tag,
      heading: t('notifyMail.digest.heading', { name: person.name }),
      paragraphs: [t(DIGEST_INTRO[payload.mode])],
      sections: digestSections(t, tag, payload),
      action: {
        label: t('notifyMail.settings'),
        url: appLink('/dashboard/settings/notifications/'),
      },
      footer,
      unsubscribe: {
        label: t('notifyMail.unsubscribe.digest'),
        url: unsubscribeUrl(payload.userId, 'digest'),
      },
    })
    await sendMail({
      to: person.email,
      subject,
      ...content,
      headers: unsubscribeHeaders(payload.userId, 'digest'),
    })
    return true
  }
  const { line } = payload
  // Muted after the event was read: the switch wins.
  if ((await mutedEvents(payload.userId)).includes(line.event)) return false
  const sentence = teamEventText(t, line)
  const content = renderMail({
    lang: tag,
    heading: t('notifyMail.event.heading', { name: person.name }),
    paragraphs: [sentence, t('notifyMail.event.why', { group: line.group })],
    action: line.groupId
      ? {
          label: t('notifyMail.openGroup', { group: line.group }),
          url: appLink(`/dashboard/groups/${encodeURIComponent(line.groupId)}/`),
        }
      : { label: t('notifyMail.openDashboard'), url: appLink('/dashboard/') },
    footer,
    unsubscribe: {
      label: t('notifyMail.unsubscribe.event'),
      url: unsubscribeUrl(payload.userId, line.event),
    },
  })
  await sendMail({
    to: person.email,
    subject: sentence,
    ...content,
    headers: unsubscribeHeaders(payload.userId, line.event),
  })
  return true
}

export const notificationMailJob = defineJob({
  name: 'notifications.mail',
  schema: mailPayloadSchema,
  maxAttempts: 6,
  backoffMs: 60_000,
  handler: async (payload) => {
    const sent = await sendNotificationMail(payload)
    log.info('notifications.mail', { kind: payload.kind, sent })
  },
})
