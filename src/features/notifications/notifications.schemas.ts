import { z } from 'zod'
import { TEAM_EVENTS, UPLOAD_NOTICES, type UploadNotice } from '~/db/enums'
import type { TeamEventLine } from './notice-text'

const MINUTES_PER_DAY = 24 * 60
const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(MINUTES_PER_DAY - 1)

/** A group's own choice; `inherit: true` drops it so the group follows its parent again. */
export const groupNoticeSchema = z.discriminatedUnion('inherit', [
  z.object({ groupId: z.uuid(), inherit: z.literal(true) }),
  z.object({
    groupId: z.uuid(),
    inherit: z.literal(false),
    uploads: z.enum(UPLOAD_NOTICES),
    includeShorts: z.boolean(),
    includeLive: z.boolean(),
  }),
])
export type GroupNoticeInput = z.input<typeof groupNoticeSchema>

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const notificationPreferenceSchema = z
  .object({
    timeZone: z.string().min(1).max(64).refine(isTimeZone, 'notify.error.timeZone'),
    /** Both null: no quiet hours. */
    quietStart: minuteOfDay.nullable(),
    quietEnd: minuteOfDay.nullable(),
    mutedTeamEvents: z.array(z.enum(TEAM_EVENTS)).max(TEAM_EVENTS.length),
  })
  .refine(
    (value) =>
      (value.quietStart === null) === (value.quietEnd === null) &&
      (value.quietStart === null || value.quietStart !== value.quietEnd),
    { message: 'notify.error.quietHours', path: ['quietEnd'] },
  )
export type NotificationPreferenceInput = z.input<typeof notificationPreferenceSchema>

/** A browser's key is an uncompressed P-256 point (65 bytes), its secret 16 bytes, base64url. */
const P256DH_LENGTH = 87
const AUTH_LENGTH = 22
const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/)

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    p256dh: base64url.refine((value) => value.replace(/=+$/, '').length === P256DH_LENGTH),
    auth: base64url.refine((value) => value.replace(/=+$/, '').length === AUTH_LENGTH),
  }),
})
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>

export const pushBrowserIdSchema = z.object({ id: z.uuid() })

export type PushBrowser = {
  id: string
  endpoint: string
  /** From the user agent it subscribed with; null when not recognised. */
  browser: string | null
  os: string | null
  createdAt: string
}

export const markReadSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) })

export type GroupNoticeRow = {
  id: string
  name: string
  /** Null for a root of the reader's view (their own top groups, and each group shared with them). */
  parentId: string | null
  shared: boolean
  own: { uploads: UploadNotice; includeShorts: boolean; includeLive: boolean } | null
}

export type NotificationSettings = {
  groups: GroupNoticeRow[]
  preference: {
    timeZone: string
    quietStart: number | null
    quietEnd: number | null
    mutedTeamEvents: (typeof TEAM_EVENTS)[number][]
    /** False until the reader saves once: the screen then proposes the browser's zone. */
    saved: boolean
  }
}

// Worded by the bell in the reader's language with the mails' own texts (notice-text.ts).
export type InboxNotice =
  | { type: 'uploads'; count: number; groupName: string }
  | { type: 'digest'; videos: number; groups: number; groupNames: string[] }
  | { type: 'team'; line: TeamEventLine }
  | { type: 'other'; groupName: string | null }

export type InboxItem = {
  id: string
  kind: string
  groupId: string | null
  notice: InboxNotice
  createdAt: string
  read: boolean
}

export type Inbox = { items: InboxItem[]; unread: number }

/** How many notices the bell lists, and how many browsers one account may register. */
export const INBOX_LIMIT = 20
export const PUSH_SUBSCRIPTIONS_MAX = 10
