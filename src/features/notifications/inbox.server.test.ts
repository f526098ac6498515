import { describe, expect, it } from 'vitest'
import { noticeOf } from './inbox.server'

describe('noticeOf', () => {
  it('reads each writer’s rows as its notice', () => {
    expect(noticeOf('uploads.push', { count: 3, groupName: 'Cooking', videoIds: [] })).toEqual({
      type: 'uploads',
      count: 3,
      groupName: 'Cooking',
    })
    expect(
      noticeOf('digest', {
        mode: 'daily',
        period: 'daily:2026-11-27',
        videos: 5,
        groups: 2,
        groupNames: ['Cooking', 'Tech'],
      }),
    ).toEqual({ type: 'digest', videos: 5, groups: 2, groupNames: ['Cooking', 'Tech'] })
    const line = {
      event: 'member_joined',
      text: 'memberJoined',
      actor: 'Ana',
      group: 'Cooking',
      groupId: null,
    }
    expect(noticeOf('member_joined', { ...line, activityId: 'a1' })).toEqual({
      type: 'team',
      line,
    })
  })

  it('says "something new" for a row it cannot read, never more of its data', () => {
    expect(noticeOf('member_joined', { group: 'Cooking', secret: 'x' })).toEqual({
      type: 'other',
      groupName: 'Cooking',
    })
    expect(noticeOf('later.kind', {})).toEqual({ type: 'other', groupName: null })
  })
})
