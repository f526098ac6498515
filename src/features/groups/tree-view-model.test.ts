import { describe, expect, it } from 'vitest'
import { buildTreeIndex, canMove } from './tree'
import {
  dropMoveTarget,
  dropPositionAt,
  highlightSegments,
  invalidParentIds,
  isSamePlace,
  keyboardMoveTarget,
  movePlacement,
  type TreeNodeLike,
  typeaheadIndex,
} from './tree-view-model'

/*
 * tech (a0)
 *   reviews (a0)
 *     phones (a0)
 *     laptops (a1)
 *   news (a1)
 * cooking (a1)
 * music (a2)
 */
const node = (id: string, parentId: string | null, position: string): TreeNodeLike => ({
  id,
  parentId,
  position,
})
const tree: TreeNodeLike[] = [
  node('music', null, 'a2'),
  node('phones', 'reviews', 'a0'),
  node('tech', null, 'a0'),
  node('news', 'tech', 'a1'),
  node('laptops', 'reviews', 'a1'),
  node('reviews', 'tech', 'a0'),
  node('cooking', null, 'a1'),
]

const row = (id: string, expanded = false, hasChildren = false) => ({ id, expanded, hasChildren })

describe('keyboardMoveTarget', () => {
  it('Alt+Up puts a group after the sibling two places up, or first', () => {
    expect(keyboardMoveTarget(tree, 'music', 'up')).toEqual({ parentId: null, afterId: 'tech' })
    expect(keyboardMoveTarget(tree, 'cooking', 'up')).toEqual({ parentId: null, afterId: null })
    expect(keyboardMoveTarget(tree, 'tech', 'up')).toBeNull()
  })

  it('Alt+Down puts a group after its next sibling', () => {
    expect(keyboardMoveTarget(tree, 'tech', 'down')).toEqual({ parentId: null, afterId: 'cooking' })
    expect(keyboardMoveTarget(tree, 'phones', 'down')).toEqual({
      parentId: 'reviews',
      afterId: 'laptops',
    })
    expect(keyboardMoveTarget(tree, 'music', 'down')).toBeNull()
  })

  it('Alt+Right nests a group as the last child of its previous sibling', () => {
    expect(keyboardMoveTarget(tree, 'news', 'indent')).toEqual({
      parentId: 'reviews',
      afterId: 'laptops',
    })
    expect(keyboardMoveTarget(tree, 'cooking', 'indent')).toEqual({
      parentId: 'tech',
      afterId: 'news',
    })
    expect(keyboardMoveTarget(tree, 'laptops', 'indent')).toEqual({
      parentId: 'phones',
      afterId: null,
    })
    expect(keyboardMoveTarget(tree, 'tech', 'indent')).toBeNull()
  })

  it('Alt+Left puts a group right after its parent', () => {
    expect(keyboardMoveTarget(tree, 'phones', 'outdent')).toEqual({
      parentId: 'tech',
      afterId: 'reviews',
    })
    expect(keyboardMoveTarget(tree, 'news', 'outdent')).toEqual({ parentId: null, afterId: 'tech' })
    expect(keyboardMoveTarget(tree, 'cooking', 'outdent')).toBeNull()
  })

  it('knows nothing of unknown ids', () => {
    expect(keyboardMoveTarget(tree, 'nope', 'up')).toBeNull()
  })
})

describe('dropPositionAt', () => {
  it('splits a row into before / inside / after', () => {
    expect(dropPositionAt(0, 40)).toBe('before')
    expect(dropPositionAt(9, 40)).toBe('before')
    expect(dropPositionAt(20, 40)).toBe('inside')
    expect(dropPositionAt(31, 40)).toBe('after')
    expect(dropPositionAt(40, 40)).toBe('after')
  })

  it('uses halves when a row cannot take children', () => {
    expect(dropPositionAt(19, 40, { allowInside: false })).toBe('before')
    expect(dropPositionAt(21, 40, { allowInside: false })).toBe('after')
  })
})

describe('dropMoveTarget', () => {
  it('drops inside a row as its last child', () => {
    expect(dropMoveTarget(tree, 'music', row('reviews', true, true), 'inside')).toEqual({
      parentId: 'reviews',
    })
  })

  it('drops before a row after that row’s previous sibling', () => {
    expect(dropMoveTarget(tree, 'music', row('laptops'), 'before')).toEqual({
      parentId: 'reviews',
      afterId: 'phones',
    })
    expect(dropMoveTarget(tree, 'music', row('tech', true, true), 'before')).toEqual({
      parentId: null,
      afterId: null,
    })
  })

  it('skips the dragged group itself when finding the previous sibling', () => {
    // tech, cooking, music: dropping tech before music puts it after cooking.
    expect(dropMoveTarget(tree, 'tech', row('music'), 'before')).toEqual({
      parentId: null,
      afterId: 'cooking',
    })
  })

  it('drops after a collapsed row as its next sibling', () => {
    expect(dropMoveTarget(tree, 'music', row('reviews', false, true), 'after')).toEqual({
      parentId: 'tech',
      afterId: 'reviews',
    })
  })

  it('drops after an expanded row with children as its first child', () => {
    expect(dropMoveTarget(tree, 'music', row('reviews', true, true), 'after')).toEqual({
      parentId: 'reviews',
      afterId: null,
    })
  })

  it('is null for drops that change nothing', () => {
    expect(dropMoveTarget(tree, 'cooking', row('cooking'), 'inside')).toBeNull()
    expect(dropMoveTarget(tree, 'cooking', row('music'), 'before')).toBeNull()
    expect(dropMoveTarget(tree, 'cooking', row('tech', false, true), 'after')).toBeNull()
    expect(dropMoveTarget(tree, 'laptops', row('reviews', false, true), 'inside')).toBeNull()
    expect(dropMoveTarget(tree, 'phones', row('reviews', true, true), 'after')).toBeNull()
  })

  it('does not judge cycles (canMove does): a drop into a descendant is a target', () => {
    expect(dropMoveTarget(tree, 'tech', row('phones'), 'inside')).toEqual({ parentId: 'phones' })
  })
})

describe('isSamePlace', () => {
  it('treats "last" as the same place for the last child only', () => {
    const index = buildTreeIndex(tree)
    const music = tree.find((n) => n.id === 'music')
    const tech = tree.find((n) => n.id === 'tech')
    if (!music || !tech) throw new Error('fixture')
    expect(isSamePlace(index, music, { parentId: null })).toBe(true)
    expect(isSamePlace(index, tech, { parentId: null })).toBe(false)
    expect(isSamePlace(index, tech, { parentId: null, afterId: null })).toBe(true)
    expect(isSamePlace(index, music, { parentId: 'tech' })).toBe(false)
  })
})

describe('invalidParentIds', () => {
  it('refuses the group itself and its descendants (cycles)', () => {
    const invalid = invalidParentIds(tree, 'tech', 10)
    expect([...invalid].sort()).toEqual(['laptops', 'news', 'phones', 'reviews', 'tech'])
  })

  it('refuses parents so deep that the moved subtree would pass the limit', () => {
    // reviews spans 2 levels; under a depth-2 parent it would reach depth 4.
    expect(invalidParentIds(tree, 'reviews', 3).has('news')).toBe(true)
    expect(invalidParentIds(tree, 'reviews', 3).has('cooking')).toBe(false)
    expect(invalidParentIds(tree, 'reviews', 4).has('news')).toBe(false)
    // A leaf may go anywhere above the last level.
    expect(invalidParentIds(tree, 'music', 3).has('phones')).toBe(true)
    expect(invalidParentIds(tree, 'music', 4).has('phones')).toBe(false)
  })

  it('agrees with canMove for every group and target', () => {
    for (const maxDepth of [3, 4, 10]) {
      for (const moving of tree) {
        const invalid = invalidParentIds(tree, moving.id, maxDepth)
        for (const target of tree) {
          const refused = canMove(tree, moving.id, target.id, maxDepth) !== 'ok'
          expect(invalid.has(target.id), `${moving.id} → ${target.id} @${maxDepth}`).toBe(refused)
        }
      }
    }
  })

  it('handles a chain as deep as the limit', () => {
    const chain = Array.from({ length: 10 }, (_, i) =>
      node(`g${i}`, i === 0 ? null : `g${i - 1}`, 'a0'),
    )
    const all = [...chain, node('leaf', null, 'a1')]
    expect(invalidParentIds(all, 'leaf', 10).has('g9')).toBe(true)
    expect(invalidParentIds(all, 'leaf', 10).has('g8')).toBe(false)
  })
})

describe('typeaheadIndex', () => {
  const labels = ['Tech', 'Cooking', 'cars', 'Music', 'Café']
  it('finds the next label starting with a letter, wrapping around', () => {
    expect(typeaheadIndex(labels, 0, 'c')).toBe(1)
    expect(typeaheadIndex(labels, 1, 'c')).toBe(2)
    expect(typeaheadIndex(labels, 2, 'c')).toBe(4)
    expect(typeaheadIndex(labels, 4, 'c')).toBe(1)
  })

  it('keeps the current row while a longer prefix still matches', () => {
    expect(typeaheadIndex(labels, 2, 'ca')).toBe(2)
    expect(typeaheadIndex(labels, 2, 'caf')).toBe(4)
    expect(typeaheadIndex(labels, 0, 'cafe')).toBe(4)
  })

  it('returns -1 without a match', () => {
    expect(typeaheadIndex(labels, 0, 'z')).toBe(-1)
    expect(typeaheadIndex([], 0, 'a')).toBe(-1)
  })
})

describe('highlightSegments', () => {
  it('marks case- and accent-insensitive matches, keeping the original text', () => {
    expect(highlightSegments('Café Cafe', 'cafe')).toEqual([
      { text: 'Café', match: true },
      { text: ' ', match: false },
      { text: 'Cafe', match: true },
    ])
  })

  it('finds matches in the middle and leaves no match alone', () => {
    expect(highlightSegments('Tech Reviews', 'rev')).toEqual([
      { text: 'Tech ', match: false },
      { text: 'Rev', match: true },
      { text: 'iews', match: false },
    ])
    expect(highlightSegments('Tech', 'xyz')).toEqual([{ text: 'Tech', match: false }])
    expect(highlightSegments('Tech', '  ')).toEqual([{ text: 'Tech', match: false }])
  })

  it('keeps emoji and other scripts whole', () => {
    expect(highlightSegments('🎮 Игры', 'игр')).toEqual([
      { text: '🎮 ', match: false },
      { text: 'Игр', match: true },
      { text: 'ы', match: false },
    ])
  })
})

describe('movePlacement', () => {
  it('counts the new position among the new siblings', () => {
    expect(movePlacement(tree, 'music', { parentId: null, afterId: 'tech' })).toEqual({
      position: 2,
      size: 3,
    })
    expect(movePlacement(tree, 'music', { parentId: 'reviews', afterId: null })).toEqual({
      position: 1,
      size: 3,
    })
    expect(movePlacement(tree, 'music', { parentId: 'reviews' })).toEqual({ position: 3, size: 3 })
    expect(movePlacement(tree, 'phones', { parentId: 'reviews', afterId: 'laptops' })).toEqual({
      position: 2,
      size: 2,
    })
  })
})
