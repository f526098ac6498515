import { FORMAT_NAMES } from '~/config/formats'
import type { MessageKey } from '~/lib/i18n/messages/en'
import type { ActivityEntry } from '../groups.schemas'

/*
 * An activity row's action and loose details (as the server recorded them) as a message key and params,
 * so the sentence is in the reader's language. Unknown roles or permissions get the plain sentence.
 */

export type ActivitySentence = { key: MessageKey; params: Record<string, string | number> }
export type PluralOf = (count: number) => 'one' | 'other'

type Details = ActivityEntry['details']

function text(details: Details, name: string): string | null {
  const value = details[name]
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

function count(details: Details): number {
  const value = details.count
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  return 1
}

function number(details: Details, name: string): number {
  const value = details[name]
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  return 0
}

/** Product names are not translated; null: the plain list (that label is); unknown ids as recorded. */
function formatLabel(format: string): string | null {
  if (format === 'plain') return null
  return Object.entries(FORMAT_NAMES).find(([id]) => id === format)?.[1] ?? format
}

/** The person a member action is about: `member`, else `name` (the server may use either). */
function memberName(details: Details): string {
  return text(details, 'member') ?? text(details, 'name') ?? '…'
}

function roleOf(details: Details): 'editor' | 'viewer' | null {
  const role = details.role
  return role === 'editor' || role === 'viewer' ? role : null
}

function permissionOf(details: Details): 'edit' | 'view' | null {
  const permission = details.permission
  return permission === 'edit' || permission === 'view' ? permission : null
}

const JOINED_AS = {
  editor: 'groups.activity.memberJoinedAs.editor',
  viewer: 'groups.activity.memberJoinedAs.viewer',
} as const satisfies Record<string, MessageKey>
const ROLE_CHANGED_TO = {
  editor: 'groups.activity.roleChangedTo.editor',
  viewer: 'groups.activity.roleChangedTo.viewer',
} as const satisfies Record<string, MessageKey>
const INVITED_AS = {
  editor: 'groups.activity.invitationSentAs.editor',
  viewer: 'groups.activity.invitationSentAs.viewer',
} as const satisfies Record<string, MessageKey>
const LINK = {
  'link.created': {
    plain: 'groups.activity.linkCreated',
    edit: 'groups.activity.linkCreatedFor.edit',
    view: 'groups.activity.linkCreatedFor.view',
  },
  'link.revoked': {
    plain: 'groups.activity.linkRevoked',
    edit: 'groups.activity.linkRevokedFor.edit',
    view: 'groups.activity.linkRevokedFor.view',
  },
} as const satisfies Record<string, Record<string, MessageKey>>

const COUNTED = {
  'item.added': {
    title: 'library.activity.itemAdded.title',
    one: 'library.activity.itemAdded.one',
    other: 'library.activity.itemAdded.other',
  },
  'item.removed': {
    title: 'library.activity.itemRemoved.title',
    one: 'library.activity.itemRemoved.one',
    other: 'library.activity.itemRemoved.other',
  },
} as const satisfies Record<string, Record<string, MessageKey>>

export function activitySentence(
  entry: Pick<ActivityEntry, 'action' | 'actorName' | 'details'>,
  plural: PluralOf,
): ActivitySentence {
  const { details } = entry
  const actor = entry.actorName.trim() || '—'
  const name = text(details, 'name') ?? '…'
  const sentence = (
    key: MessageKey,
    params: Record<string, string | number> = {},
  ): ActivitySentence => ({ key, params: { actor, ...params } })
  switch (entry.action) {
    case 'group.created': {
      const parent = text(details, 'parent')
      return parent
        ? sentence('library.activity.groupCreatedIn', { name, parent })
        : sentence('library.activity.groupCreated', { name })
    }
    case 'group.renamed': {
      const from = text(details, 'from')
      const to = text(details, 'to')
      return from && to
        ? sentence('library.activity.groupRenamed', { from, to })
        : sentence('library.activity.groupUpdated', { name: to ?? name })
    }
    case 'group.updated':
      return sentence('library.activity.groupUpdated', { name })
    case 'group.moved': {
      const parent = text(details, 'to')
      if (parent) return sentence('library.activity.groupMovedUnder', { name, parent })
      return 'to' in details && details.to === null
        ? sentence('library.activity.groupMovedTop', { name })
        : sentence('library.activity.groupMoved', { name })
    }
    case 'group.deleted':
      return sentence('library.activity.groupDeleted', { name })
    case 'group.restored':
      return sentence('library.activity.groupRestored', { name })
    case 'item.added':
    case 'item.removed': {
      const keys = COUNTED[entry.action]
      const total = count(details)
      const title = text(details, 'title')
      if (total === 1 && title) return sentence(keys.title, { title })
      return sentence(keys[plural(total)], { count: total })
    }
    case 'item.moved': {
      const total = count(details)
      const to = text(details, 'to')
      return to
        ? sentence(
            plural(total) === 'one'
              ? 'library.activity.itemMovedTo.one'
              : 'library.activity.itemMovedTo.other',
            { count: total, to },
          )
        : sentence(
            plural(total) === 'one'
              ? 'library.activity.itemMoved.one'
              : 'library.activity.itemMoved.other',
            { count: total },
          )
    }
    case 'import.applied': {
      const counts = { groups: number(details, 'groups'), channels: number(details, 'channels') }
      const format = formatLabel(text(details, 'format') ?? '…')
      return format
        ? sentence('transfer.activity.imported', { format, ...counts })
        : sentence('transfer.activity.importedList', counts)
    }
    case 'group.copied':
      // Logged on the copy; the sentence names the group it was copied from.
      return sentence('groups.activity.groupCopied', { name: text(details, 'from') ?? name })
    case 'group.transferred': {
      const to = text(details, 'to')
      return to
        ? sentence('groups.activity.groupTransferredTo', { name, to })
        : sentence('groups.activity.groupTransferred', { name })
    }
    case 'member.joined': {
      const role = roleOf(details)
      return role ? sentence(JOINED_AS[role]) : sentence('groups.activity.memberJoined')
    }
    case 'member.roleChanged': {
      const role = roleOf(details)
      const member = memberName(details)
      return role
        ? sentence(ROLE_CHANGED_TO[role], { member })
        : sentence('groups.activity.roleChanged', { member })
    }
    case 'member.removed':
      return sentence('groups.activity.memberRemoved', { member: memberName(details) })
    case 'member.left':
      return sentence('groups.activity.memberLeft')
    case 'link.created':
    case 'link.revoked': {
      const keys = LINK[entry.action]
      return sentence(keys[permissionOf(details) ?? 'plain'])
    }
    case 'invitation.sent': {
      const role = roleOf(details)
      const email = text(details, 'email') ?? '…'
      return role
        ? sentence(INVITED_AS[role], { email })
        : sentence('groups.activity.invitationSent', { email })
    }
    case 'invitation.cancelled':
      return sentence('groups.activity.invitationCancelled', {
        email: text(details, 'email') ?? '…',
      })
    default:
      return sentence('library.activity.unknown')
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** The largest whole unit between then and now (negative = in the past); under a minute is "now". */
export function relativeTimeParts(
  then: Date,
  now: Date,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = (then.getTime() - now.getTime()) / 1000
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return { value: Math.trunc(seconds / size), unit }
  }
  return { value: 0, unit: 'second' }
}
