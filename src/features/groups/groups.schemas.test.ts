import { describe, expect, it } from 'vitest'
import { encodeGroupTree, type GroupNode, type GroupTree, parseGroupTree } from './groups.schemas'

const group = (id: string, parentId: string | null, extra: Partial<GroupNode> = {}): GroupNode => ({
  id,
  parentId,
  name: `Group ${id}`,
  description: '',
  icon: null,
  color: null,
  position: 'a0',
  version: 1,
  channelCount: 0,
  animeCount: 0,
  expanded: true,
  updatedAt: '2026-11-22T03:36:02.748Z',
  ...extra,
})

// A child listed before its parent, folds, icons, colours and both counts.
const tree: GroupTree = {
  groups: [
    group('c', 'b', { position: 'a1', expanded: false, channelCount: 3 }),
    group('a', null, {
      name: 'Tech “quotes” ✓',
      description: 'Gadgets, reviews and programming.',
      icon: 'lucide:cpu',
      color: 'blue',
      version: 7,
      updatedAt: '2024-02-29T23:59:59.001Z',
    }),
    group('b', 'a', { animeCount: 2, color: 'amber', icon: 'lucide:star' }),
  ],
  settings: {
    defaultIcon: 'lucide:folder',
    defaultColor: 'blue',
    defaultSort: 'manual',
    treeExpanded: true,
    showCounts: false,
  },
  maxDepth: 10,
}

describe('the tree on the wire', () => {
  it('reads back exactly what was encoded', () => {
    expect(parseGroupTree(encodeGroupTree(tree))).toEqual(tree)
    const empty = { ...tree, groups: [] }
    expect(parseGroupTree(encodeGroupTree(empty))).toEqual(empty)
  })

  it('sends one array per field, parents as indexes', () => {
    const wire = JSON.parse(encodeGroupTree(tree))
    expect(wire.groups.id).toEqual(['c', 'a', 'b'])
    expect(wire.groups.parent).toEqual([2, -1, 1])
    expect(wire.groups.expanded).toEqual([0, 1, 1])
  })

  it('is less than half the size of one object per group', () => {
    const big: GroupTree = {
      ...tree,
      groups: Array.from({ length: 1000 }, (_, at) =>
        group(crypto.randomUUID(), null, { name: `Group ${at}` }),
      ),
    }
    const objects = JSON.stringify(big).length
    expect(encodeGroupTree(big).length).toBeLessThan(objects / 2)
  })

  it('refuses columns of different lengths and parents out of range', () => {
    const wire = JSON.parse(encodeGroupTree(tree))
    expect(() =>
      parseGroupTree(JSON.stringify({ ...wire, groups: { ...wire.groups, name: ['x'] } })),
    ).toThrow()
    expect(() =>
      parseGroupTree(JSON.stringify({ ...wire, groups: { ...wire.groups, parent: [9, -1, 1] } })),
    ).toThrow()
  })
})
