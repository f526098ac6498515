import { describe, expect, it } from 'vitest'
import {
  ancestorChain,
  buildTreeIndex,
  type CountedShape,
  canMove,
  childrenOf,
  depthOf,
  depths,
  descendantIds,
  expandedIdsOf,
  filterTreeWithAncestors,
  flattenVisible,
  subtreeHeight,
  subtreeTotals,
} from './tree'

type Node = CountedShape & { name: string; expanded: boolean }

function node(
  id: string,
  parentId: string | null,
  position: string,
  extra: Partial<Node> = {},
): Node {
  return {
    id,
    parentId,
    position,
    name: id,
    channelCount: 0,
    animeCount: 0,
    expanded: false,
    ...extra,
  }
}

/*
 * tech (a0)
 *   reviews (a0)
 *     phones (a0)   3 channels
 *     laptops (a1)  1 channel, 1 anime
 *   news (a1)       2 channels
 * cooking (a1)
 *   baking (a0)
 * ärzte (a2)
 */
const sample: Node[] = [
  node('phones', 'reviews', 'a0', { channelCount: 3, name: 'Phones' }),
  node('cooking', null, 'a1', { name: 'Cooking' }),
  node('news', 'tech', 'a1', { channelCount: 2, name: 'News' }),
  node('tech', null, 'a0', { name: 'Tech', channelCount: 1, expanded: true }),
  node('laptops', 'reviews', 'a1', { channelCount: 1, animeCount: 1, name: 'Laptops' }),
  node('reviews', 'tech', 'a0', { name: 'Reviews' }),
  node('baking', 'cooking', 'a0', { name: 'Baking' }),
  node('arzte', null, 'a2', { name: 'Ärzte' }),
]

const ids = (nodes: readonly { id: string }[]) => nodes.map((entry) => entry.id)

describe('buildTreeIndex', () => {
  it('sorts siblings by position in byte order, not locale order', () => {
    const nodes = [
      node('lower', null, 'a0'),
      node('upper', null, 'Zz'),
      node('longer', null, 'a0V'),
    ]
    // 'Z' (0x5A) sorts before 'a' (0x61); a prefix sorts before its extensions.
    expect(ids(childrenOf(nodes, null))).toEqual(['upper', 'lower', 'longer'])
  })

  it('breaks position ties by id and treats a node with a missing parent as top level', () => {
    const nodes = [node('b', null, 'a0'), node('a', null, 'a0'), node('orphan', 'gone', 'a1')]
    expect(ids(childrenOf(nodes, null))).toEqual(['a', 'b', 'orphan'])
  })

  it('indexes children of each parent', () => {
    const index = buildTreeIndex(sample)
    expect(ids(childrenOf(index, null))).toEqual(['tech', 'cooking', 'arzte'])
    expect(ids(childrenOf(index, 'reviews'))).toEqual(['phones', 'laptops'])
    expect(childrenOf(index, 'phones')).toEqual([])
  })
})

describe('depth, height, ancestors, descendants', () => {
  it('counts depth from 1 at the top level', () => {
    expect(depthOf(sample, 'tech')).toBe(1)
    expect(depthOf(sample, 'phones')).toBe(3)
    expect(depthOf(sample, 'nope')).toBe(0)
    expect(Object.fromEntries(depths(sample))).toEqual({
      tech: 1,
      reviews: 2,
      phones: 3,
      laptops: 3,
      news: 2,
      cooking: 1,
      baking: 2,
      arzte: 1,
    })
  })

  it('measures subtree height', () => {
    expect(subtreeHeight(sample, 'tech')).toBe(3)
    expect(subtreeHeight(sample, 'reviews')).toBe(2)
    expect(subtreeHeight(sample, 'phones')).toBe(1)
    expect(subtreeHeight(sample, 'nope')).toBe(0)
  })

  it('lists ancestors top first and descendants without the node itself', () => {
    expect(ids(ancestorChain(sample, 'phones'))).toEqual(['tech', 'reviews'])
    expect(ancestorChain(sample, 'tech')).toEqual([])
    expect([...descendantIds(sample, 'tech')].sort()).toEqual([
      'laptops',
      'news',
      'phones',
      'reviews',
    ])
    expect(descendantIds(sample, 'phones').size).toBe(0)
  })

  it('does not loop on a corrupt cyclic list', () => {
    const cyclic = [node('x', 'y', 'a0'), node('y', 'x', 'a0')]
    expect(ancestorChain(cyclic, 'x').length).toBeLessThanOrEqual(2)
    expect(canMove(cyclic, 'x', 'y', 10)).toBe('cycle')
  })
})

describe('subtreeTotals', () => {
  it('adds every descendant to the direct counts', () => {
    const totals = subtreeTotals(sample)
    expect(totals.get('tech')).toEqual({ channels: 7, animes: 1, total: 8, subgroups: 4 })
    expect(totals.get('reviews')).toEqual({ channels: 4, animes: 1, total: 5, subgroups: 2 })
    expect(totals.get('phones')).toEqual({ channels: 3, animes: 0, total: 3, subgroups: 0 })
    expect(totals.get('cooking')).toEqual({ channels: 0, animes: 0, total: 0, subgroups: 1 })
  })
})

describe('filterTreeWithAncestors', () => {
  it('shows matches with their ancestors and nothing else', () => {
    expect([...filterTreeWithAncestors(sample, 'phon')].sort()).toEqual([
      'phones',
      'reviews',
      'tech',
    ])
  })

  it('ignores case and accents both ways', () => {
    expect([...filterTreeWithAncestors(sample, 'ARZTE')]).toEqual(['arzte'])
    const accented = [node('plain', null, 'a0', { name: 'Cafe' })]
    expect([...filterTreeWithAncestors(accented, 'café')]).toEqual(['plain'])
  })

  it('shows everything for a blank query and nothing for no match', () => {
    expect(filterTreeWithAncestors(sample, '  ').size).toBe(sample.length)
    expect(filterTreeWithAncestors(sample, 'zzz').size).toBe(0)
  })
})

describe('flattenVisible', () => {
  it('shows children only under expanded parents, in display order', () => {
    const rows = flattenVisible(sample, new Set(['tech']))
    expect(rows.map((row) => [row.node.id, row.depth, row.hasChildren, row.expanded])).toEqual([
      ['tech', 1, true, true],
      ['reviews', 2, true, false],
      ['news', 2, false, false],
      ['cooking', 1, true, false],
      ['arzte', 1, false, false],
    ])
    expect(rows[0]?.totalCount).toBe(8)
  })

  it('opens everything when all are expanded', () => {
    const all = new Set(ids(sample))
    expect(ids(flattenVisible(sample, all).map((row) => row.node))).toEqual([
      'tech',
      'reviews',
      'phones',
      'laptops',
      'news',
      'cooking',
      'baking',
      'arzte',
    ])
  })

  it('with a search, shows the visible nodes with every shown parent open', () => {
    const visibleIds = filterTreeWithAncestors(sample, 'laptop')
    const rows = flattenVisible(sample, new Set(), { visibleIds })
    expect(rows.map((row) => [row.node.id, row.depth, row.expanded])).toEqual([
      ['tech', 1, true],
      ['reviews', 2, true],
      ['laptops', 3, false],
    ])
  })

  it('reads the remembered fold state', () => {
    expect([...expandedIdsOf(sample)]).toEqual(['tech'])
  })
})

describe('canMove', () => {
  it('refuses moving a group into itself or its subtree', () => {
    expect(canMove(sample, 'tech', 'tech', 10)).toBe('cycle')
    expect(canMove(sample, 'tech', 'phones', 10)).toBe('cycle')
    expect(canMove(sample, 'reviews', 'laptops', 10)).toBe('cycle')
  })

  it('allows moves elsewhere, including to the top level', () => {
    expect(canMove(sample, 'reviews', 'cooking', 10)).toBe('ok')
    expect(canMove(sample, 'phones', null, 10)).toBe('ok')
  })

  it('counts the new parent depth plus the moved subtree height', () => {
    // baking is depth 2; tech's subtree is 3 levels: 2 + 3 = 5.
    expect(canMove(sample, 'tech', 'baking', 5)).toBe('ok')
    expect(canMove(sample, 'tech', 'baking', 4)).toBe('depth')
    expect(canMove(sample, 'arzte', null, 1)).toBe('ok')
  })
})

describe('scale', () => {
  /** Property reads on the nodes: the work done, counted the same on any machine and under any load. */
  function counted(nodes: Node[]): { nodes: Node[]; reads: () => number } {
    let reads = 0
    const proxies = nodes.map(
      (target) =>
        new Proxy(target, {
          get(own, key, receiver) {
            reads += 1
            return Reflect.get(own, key, receiver)
          },
        }),
    )
    return { nodes: proxies, reads: () => reads }
  }

  /** Node reads for a tree of `size` groups ten to a parent, and a `size`-deep chain. */
  function workFor(size: number): number {
    const wideNodes: Node[] = []
    for (let at = 0; at < size; at += 1) {
      const parent = at < 10 ? null : `g${Math.floor(at / 10)}`
      wideNodes.push(node(`g${at}`, parent, `a${at}`, { channelCount: 10, name: `Group ${at}` }))
    }
    const chainNodes: Node[] = []
    for (let at = 0; at < size; at += 1) {
      chainNodes.push(node(`c${at}`, at === 0 ? null : `c${at - 1}`, 'a0'))
    }
    const wide = counted(wideNodes)
    const chain = counted(chainNodes)
    const all = new Set(ids(wide.nodes))
    expect(flattenVisible(wide.nodes, all)).toHaveLength(size)
    expect(filterTreeWithAncestors(wide.nodes, 'group 99').size).toBeGreaterThan(0)
    expect(subtreeTotals(wide.nodes).get('g1')?.total).toBeGreaterThan(10)
    expect(depths(chain.nodes).get(`c${size - 1}`)).toBe(size)
    expect(subtreeHeight(chain.nodes, 'c0')).toBe(size)
    expect(flattenVisible(chain.nodes, new Set(ids(chain.nodes)))).toHaveLength(size)
    return wide.reads() + chain.reads()
  }

  it('handles 1,000 groups and a 1,000-deep chain in linear time', () => {
    const thousand = workFor(1000)
    const twoThousand = workFor(2000)
    // Twice the groups, twice the reads (sorting siblings adds a little); quadratic work would be four times.
    expect(twoThousand / thousand).toBeLessThan(3)
  })
})
