import { TEAM_EVENTS, type TeamEvent } from '~/db/enums'
import type { MessageKey } from '~/lib/i18n/messages/en'
import type { Translate } from '~/lib/i18n/translate'
import type { PluralKeys } from '~/lib/i18n/use-plural'

// Shared by the mails and the bell, so client-safe: no server import.

export type DigestMode = 'daily' | 'weekly'

export const DIGEST_SUBJECT: Record<DigestMode, PluralKeys> = {
  daily: {
    one: 'notifyMail.digest.daily.subject.one',
    other: 'notifyMail.digest.daily.subject.other',
  },
  weekly: {
    one: 'notifyMail.digest.weekly.subject.one',
    other: 'notifyMail.digest.weekly.subject.other',
  },
}

export const DIGEST_INTRO: Record<DigestMode, MessageKey> = {
  daily: 'notifyMail.digest.intro.daily',
  weekly: 'notifyMail.digest.intro.weekly',
}

/** How each team event is named where the reader can switch it (unsubscribe page, settings). */
export const TEAM_EVENT_LABEL: Record<TeamEvent, MessageKey> = {
  invited: 'notifyMail.kind.invited',
  member_joined: 'notifyMail.kind.member_joined',
  member_left: 'notifyMail.kind.member_left',
  role_changed: 'notifyMail.kind.role_changed',
  ownership_transferred: 'notifyMail.kind.ownership_transferred',
  group_deleted: 'notifyMail.kind.group_deleted',
  group_restored: 'notifyMail.kind.group_restored',
}

export const TEAM_EVENT_TEXTS = [
  'invited',
  'memberJoined',
  'memberLeft',
  'memberRemoved',
  'youWereRemoved',
  'roleChanged',
  'ownershipTransferred',
  'groupDeleted',
  'groupRestored',
] as const
export type TeamEventText = (typeof TEAM_EVENT_TEXTS)[number]

const EVENT_TEXT: Record<TeamEventText, MessageKey> = {
  invited: 'notifyMail.event.invited',
  memberJoined: 'notifyMail.event.memberJoined',
  memberLeft: 'notifyMail.event.memberLeft',
  memberRemoved: 'notifyMail.event.memberRemoved',
  youWereRemoved: 'notifyMail.event.youWereRemoved',
  roleChanged: 'notifyMail.event.roleChanged',
  ownershipTransferred: 'notifyMail.event.ownershipTransferred',
  groupDeleted: 'notifyMail.event.groupDeleted',
  groupRestored: 'notifyMail.event.groupRestored',
}

/** A team event inbox row's `data` (also the team mail's payload line). */
export type TeamEventLine = {
  event: TeamEvent
  text: TeamEventText
  actor: string
  group: string
  /** Null when the group is gone (deleted) or out of the reader's reach (removed). */
  groupId: string | null
  member?: string
  from?: string
  to?: string
}

export function isTeamEvent(kind: string): kind is TeamEvent {
  return TEAM_EVENTS.some((event) => event === kind)
}

export function teamEventText(t: Translate, line: TeamEventLine): string {
  return t(EVENT_TEXT[line.text], {
    actor: line.actor,
    group: line.group,
    member: line.member ?? '',
    from: line.from ?? '',
    to: line.to ?? '',
  })
}

/** `plural` is the reader's plural picker (usePlural on the client). */
export function digestNoticeText(
  plural: (keys: PluralKeys, count: number, params?: Record<string, string | number>) => string,
  data: { videos: number; groups: number; groupNames: readonly string[] },
): string {
  const groups =
    data.groups === 1 && data.groupNames[0]
      ? data.groupNames[0]
      : plural(
          { one: 'notifyMail.inbox.groups.one', other: 'notifyMail.inbox.groups.other' },
          data.groups,
        )
  return plural(
    { one: 'notifyMail.inbox.digest.one', other: 'notifyMail.inbox.digest.other' },
    data.videos,
    { groups },
  )
}
