import { describe, expect, it } from 'vitest'
import {
  acceptsOnGroup,
  dragDataOf,
  dropDataOf,
  type EntriesDrag,
  entriesDrop,
  type GroupTarget,
  rowPlacement,
} from './drag-data'

const target: GroupTarget = { type: 'group-target', place: 'sidebar', groupId: 'g2', name: 'B' }

function entries(overrides: Partial<EntriesDrag> = {}): EntriesDrag {
  return {
    type: 'entries',
    listId: 'list',
    kind: 'channel',
    entries: [
      { id: 'e1', groupIds: [] },
      { id: 'e2', groupIds: ['g2'] },
    ],
    fromGroupId: null,
    toGroups: true,
    ...overrides,
  }
}

describe('drag data', () => {
  it('reads back only what was put there', () => {
    expect(dragDataOf(undefined)).toBeNull()
    expect(dragDataOf({ drag: null })).toBeNull()
    expect(dragDataOf({ drag: { type: 'other' } })).toBeNull()
    expect(dragDataOf({ drag: entries() })?.type).toBe('entries')
    expect(dropDataOf({ drop: target })).toEqual(target)
    expect(dropDataOf({ drag: target })).toBeNull()
  })

  it('adds from the library only what is not in the group yet', () => {
    expect(entriesDrop(entries(), target)).toEqual({
      action: 'add',
      groupId: 'g2',
      entryIds: ['e1'],
    })
    expect(entriesDrop(entries({ entries: [{ id: 'e2', groupIds: ['g2'] }] }), target)).toBeNull()
  })

  it('moves from a group to another, never onto itself', () => {
    expect(entriesDrop(entries({ fromGroupId: 'g1' }), target)).toEqual({
      action: 'move',
      fromGroupId: 'g1',
      groupId: 'g2',
      entryIds: ['e1', 'e2'],
    })
    expect(entriesDrop(entries({ fromGroupId: 'g2' }), target)).toBeNull()
  })

  it('does nothing for rows that may only be reordered', () => {
    expect(entriesDrop(entries({ toGroups: false }), target)).toBeNull()
    expect(acceptsOnGroup(entries({ toGroups: false }))).toBe(false)
    expect(acceptsOnGroup(entries())).toBe(true)
    expect(acceptsOnGroup({ type: 'group', groupId: 'g1', name: 'A' })).toBe(false)
    expect(acceptsOnGroup(null)).toBe(false)
  })

  it('places a drop before a row in its upper half, after it below', () => {
    expect(rowPlacement(109, { top: 100, height: 20 })).toBe('before')
    expect(rowPlacement(110, { top: 100, height: 20 })).toBe('after')
  })
})
