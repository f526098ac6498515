import { describe, expect, it } from 'vitest'
import { pluralCategory } from '~/lib/i18n/use-plural'
import { activitySentence, relativeTimeParts } from './activity-text'

const entry = (action: string, details: Record<string, string | number | null>) => ({
  action,
  actorName: 'Ana',
  details,
})
const en = (count: number) => pluralCategory('en', count)
const pt = (count: number) => pluralCategory('pt-BR', count)
const say = (action: string, details: Record<string, string | number | null>) =>
  activitySentence(entry(action, details), en)

describe('activitySentence', () => {
  it('names the actor and the group for group actions', () => {
    expect(say('group.created', { name: 'Tech', parent: null })).toEqual({
      key: 'library.activity.groupCreated',
      params: { actor: 'Ana', name: 'Tech' },
    })
    expect(say('group.created', { name: 'Phones', parent: 'Reviews' })).toEqual({
      key: 'library.activity.groupCreatedIn',
      params: { actor: 'Ana', name: 'Phones', parent: 'Reviews' },
    })
    expect(say('group.deleted', { name: 'Old', subgroups: 2, items: 3 }).key).toBe(
      'library.activity.groupDeleted',
    )
  })

  it('says from what to what a group was renamed', () => {
    expect(say('group.renamed', { from: 'X', to: 'Y' })).toEqual({
      key: 'library.activity.groupRenamed',
      params: { actor: 'Ana', from: 'X', to: 'Y' },
    })
  })

  it('falls back to "edited" when a rename lacks its old name', () => {
    expect(say('group.renamed', { to: 'Y' })).toEqual({
      key: 'library.activity.groupUpdated',
      params: { actor: 'Ana', name: 'Y' },
    })
  })

  it('says where a group was moved', () => {
    expect(say('group.moved', { name: 'A', from: null, to: 'B' })).toEqual({
      key: 'library.activity.groupMovedUnder',
      params: { actor: 'Ana', name: 'A', parent: 'B' },
    })
    expect(say('group.moved', { name: 'A', from: 'B', to: null }).key).toBe(
      'library.activity.groupMovedTop',
    )
    expect(say('group.moved', { name: 'A' }).key).toBe('library.activity.groupMoved')
  })

  it('names a single added item and counts several', () => {
    expect(say('item.added', { count: 1, title: 'MKBHD' })).toEqual({
      key: 'library.activity.itemAdded.title',
      params: { actor: 'Ana', title: 'MKBHD' },
    })
    expect(say('item.added', { name: 'Tech', count: 3 })).toEqual({
      key: 'library.activity.itemAdded.other',
      params: { actor: 'Ana', count: 3 },
    })
    expect(say('item.added', { name: 'Tech', count: 1 }).key).toBe('library.activity.itemAdded.one')
    expect(say('item.removed', { count: 4, title: null }).key).toBe(
      'library.activity.itemRemoved.other',
    )
  })

  it('follows the reader’s plural rules', () => {
    expect(activitySentence(entry('item.removed', { count: 0 }), en).key).toBe(
      'library.activity.itemRemoved.other',
    )
    expect(activitySentence(entry('item.removed', { count: 0 }), pt).key).toBe(
      'library.activity.itemRemoved.one',
    )
  })

  it('says where items were moved', () => {
    expect(say('item.moved', { from: 'A', to: 'Phones', count: 5 })).toEqual({
      key: 'library.activity.itemMovedTo.other',
      params: { actor: 'Ana', count: 5, to: 'Phones' },
    })
    expect(say('item.moved', { count: 1 }).key).toBe('library.activity.itemMoved.one')
  })

  it('never fails on an unknown action or a missing actor name', () => {
    expect(activitySentence({ action: 'x', actorName: ' ', details: {} }, en)).toEqual({
      key: 'library.activity.unknown',
      params: { actor: '—' },
    })
  })
})

describe('relativeTimeParts', () => {
  const now = new Date('2024-06-15T12:00:00Z')
  const ago = (seconds: number) => relativeTimeParts(new Date(now.getTime() - seconds * 1000), now)

  it('picks the largest whole unit in the past', () => {
    expect(ago(30)).toEqual({ value: 0, unit: 'second' })
    expect(ago(90)).toEqual({ value: -1, unit: 'minute' })
    expect(ago(3 * 3600 + 10)).toEqual({ value: -3, unit: 'hour' })
    expect(ago(2 * 86_400)).toEqual({ value: -2, unit: 'day' })
    expect(ago(15 * 86_400)).toEqual({ value: -2, unit: 'week' })
    expect(ago(400 * 86_400)).toEqual({ value: -1, unit: 'year' })
  })
})

describe('activitySentence for imports', () => {
  it('names the format and counts groups and channels', () => {
    expect(say('import.applied', { format: 'newpipe-zip', groups: 3, channels: 120 })).toEqual({
      key: 'transfer.activity.imported',
      params: { actor: 'Ana', format: 'NewPipe (ZIP)', groups: 3, channels: 120 },
    })
  })

  it('says "a list of links" for the plain format, in the reader’s language', () => {
    expect(say('import.applied', { format: 'plain', groups: 0, channels: 2 })).toEqual({
      key: 'transfer.activity.importedList',
      params: { actor: 'Ana', groups: 0, channels: 2 },
    })
  })

  it('survives missing or odd details', () => {
    expect(say('import.applied', { format: 'someday-format', groups: '4' })).toEqual({
      key: 'transfer.activity.imported',
      params: { actor: 'Ana', format: 'someday-format', groups: 4, channels: 0 },
    })
    expect(say('import.applied', {}).params).toEqual({
      actor: 'Ana',
      format: '…',
      groups: 0,
      channels: 0,
    })
  })
})

describe('activitySentence for sharing', () => {
  it('names the copied and the transferred group', () => {
    expect(say('group.copied', { name: 'Client A (2)', from: 'Client A', groups: 3 })).toEqual({
      key: 'groups.activity.groupCopied',
      params: { actor: 'Ana', name: 'Client A' },
    })
    expect(say('group.copied', { name: 'Client A' }).params).toEqual({
      actor: 'Ana',
      name: 'Client A',
    })
    expect(say('group.transferred', { name: 'Client A', to: 'Bea' })).toEqual({
      key: 'groups.activity.groupTransferredTo',
      params: { actor: 'Ana', name: 'Client A', to: 'Bea' },
    })
    expect(say('group.transferred', { name: 'Client A' }).key).toBe(
      'groups.activity.groupTransferred',
    )
  })

  it('says with which role someone joined or was given', () => {
    expect(say('member.joined', { role: 'editor' })).toEqual({
      key: 'groups.activity.memberJoinedAs.editor',
      params: { actor: 'Ana' },
    })
    expect(say('member.joined', { role: 'viewer' }).key).toBe(
      'groups.activity.memberJoinedAs.viewer',
    )
    expect(say('member.roleChanged', { name: 'Client A', member: 'Bea', role: 'viewer' })).toEqual({
      key: 'groups.activity.roleChangedTo.viewer',
      params: { actor: 'Ana', member: 'Bea' },
    })
  })

  it('names the member who was removed, from `member` or else `name`', () => {
    expect(say('member.removed', { member: 'Bea', name: 'Client A' })).toEqual({
      key: 'groups.activity.memberRemoved',
      params: { actor: 'Ana', member: 'Bea' },
    })
    expect(say('member.removed', { name: 'Bea' }).params).toEqual({ actor: 'Ana', member: 'Bea' })
    expect(say('member.left', {})).toEqual({
      key: 'groups.activity.memberLeft',
      params: { actor: 'Ana' },
    })
  })

  it('says which kind of link was created or revoked', () => {
    expect(say('link.created', { permission: 'edit' }).key).toBe(
      'groups.activity.linkCreatedFor.edit',
    )
    expect(say('link.created', { permission: 'view' }).key).toBe(
      'groups.activity.linkCreatedFor.view',
    )
    expect(say('link.revoked', { permission: 'view' }).key).toBe(
      'groups.activity.linkRevokedFor.view',
    )
    expect(say('link.revoked', {}).key).toBe('groups.activity.linkRevoked')
  })

  it('names the invited address and role', () => {
    expect(say('invitation.sent', { email: 'bea@example.com', role: 'editor' })).toEqual({
      key: 'groups.activity.invitationSentAs.editor',
      params: { actor: 'Ana', email: 'bea@example.com' },
    })
    expect(say('invitation.cancelled', { email: 'bea@example.com' })).toEqual({
      key: 'groups.activity.invitationCancelled',
      params: { actor: 'Ana', email: 'bea@example.com' },
    })
  })

  it('falls back to the plain sentence on odd roles, permissions or missing names', () => {
    expect(say('member.joined', { role: 'owner' }).key).toBe('groups.activity.memberJoined')
    expect(say('member.roleChanged', { member: 'Bea', role: 'admin' })).toEqual({
      key: 'groups.activity.roleChanged',
      params: { actor: 'Ana', member: 'Bea' },
    })
    expect(say('link.created', { permission: 'admin' }).key).toBe('groups.activity.linkCreated')
    expect(say('invitation.sent', { role: 'viewer' })).toEqual({
      key: 'groups.activity.invitationSentAs.viewer',
      params: { actor: 'Ana', email: '…' },
    })
    expect(say('member.removed', {}).params).toEqual({ actor: 'Ana', member: '…' })
  })
})
