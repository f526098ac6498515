import { describe, expect, it } from 'vitest'
import { buildPushPayload, groupFeedPath, pushTag } from './push-payload'

const GROUP = '0b9f3c1e-1a2b-4c3d-8e4f-5a6b7c8d9e0f'

describe('push payload', () => {
  it('names the group, lists the first titles and links to its feed', () => {
    const payload = buildPushPayload({
      groupId: GROUP,
      title: '5 new in Cooking',
      titles: ['Pasta', 'Bread', 'Soup', 'Cake', 'Tea'],
      more: 'and 2 more',
    })
    expect(payload).toEqual({
      title: '5 new in Cooking',
      body: '• Pasta\n• Bread\n• Soup\nand 2 more',
      url: `/dashboard/groups/${GROUP}/?tab=feed`,
      tag: `uploads:${GROUP}`,
    })
  })

  it('one tag per group, so a newer push replaces the older one', () => {
    expect(pushTag(GROUP)).toBe(pushTag(GROUP))
    expect(pushTag(GROUP)).not.toBe(pushTag('another'))
    expect(groupFeedPath(GROUP)).toMatch(/^\/dashboard\/groups\//)
  })

  it('clips long titles so the payload stays far under what push services accept', () => {
    const payload = buildPushPayload({
      groupId: GROUP,
      title: 'x'.repeat(500),
      titles: Array.from({ length: 3 }, () => 'y'.repeat(1000)),
      more: null,
    })
    expect(payload.title.length).toBeLessThanOrEqual(120)
    expect(new TextEncoder().encode(JSON.stringify(payload)).length).toBeLessThan(3000)
  })
})
