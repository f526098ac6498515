import { compareKeys } from './positions'

/* Shared by the server and the UI; all O(n) (plus one sort per sibling list), cheap enough per keystroke. */

export type TreeShape = { id: string; parentId: string | null; position: string }
export type CountedShape = TreeShape & { channelCount: number; animeCount: number }

export type TreeIndex<T extends TreeShape> = {
  byId: ReadonlyMap<string, T>
  /** Sorted by position. A node whose parent is missing (e.g. an optimistic removal) is top level. */
  children: ReadonlyMap<string | null, readonly T[]>
}

/** Build once and pass the index to several calls; a plain list is indexed on each call. */
export type TreeSource<T extends TreeShape> = readonly T[] | TreeIndex<T>

const NO_CHILDREN: readonly never[] = []

/** Byte order, like the `collate "C"` column: plain `<` on the keys, ids break ties. */
export function comparePositions(a: TreeShape, b: TreeShape): number {
  return compareKeys(a.position, b.position) || compareKeys(a.id, b.id)
}

export function buildTreeIndex<T extends TreeShape>(nodes: readonly T[]): TreeIndex<T> {
  const byId = new Map<string, T>()
  for (const node of nodes) byId.set(node.id, node)
  const children = new Map<string | null, T[]>()
  for (const node of nodes) {
    const parent = node.parentId !== null && byId.has(node.parentId) ? node.parentId : null
    const list = children.get(parent)
    if (list) list.push(node)
    else children.set(parent, [node])
  }
  for (const list of children.values()) list.sort(comparePositions)
  return { byId, children }
}

function indexOf<T extends TreeShape>(source: TreeSource<T>): TreeIndex<T> {
  return 'byId' in source ? source : buildTreeIndex(source)
}

export function childrenOf<T extends TreeShape>(
  source: TreeSource<T>,
  parentId: string | null,
): readonly T[] {
  return indexOf(source).children.get(parentId) ?? NO_CHILDREN
}

function preorder<T extends TreeShape>(index: TreeIndex<T>, rootId: string | null = null): T[] {
  const order: T[] = []
  const stack = [...(index.children.get(rootId) ?? NO_CHILDREN)].reverse()
  for (let node = stack.pop(); node; node = stack.pop()) {
    order.push(node)
    const children = index.children.get(node.id) ?? NO_CHILDREN
    for (let at = children.length - 1; at >= 0; at -= 1) {
      const child = children[at]
      if (child) stack.push(child)
    }
  }
  return order
}

export function ancestorChain<T extends TreeShape>(source: TreeSource<T>, id: string): T[] {
  const index = indexOf(source)
  const chain: T[] = []
  let parentId = index.byId.get(id)?.parentId ?? null
  // The size bound stops a corrupt (cyclic) list from looping forever.
  while (parentId !== null && chain.length < index.byId.size) {
    const parent = index.byId.get(parentId)
    if (!parent) break
    chain.push(parent)
    parentId = parent.parentId
  }
  return chain.reverse()
}

/** 1 for a top-level group, 0 for an unknown id. */
export function depthOf(source: TreeSource<TreeShape>, id: string): number {
  const index = indexOf(source)
  if (!index.byId.has(id)) return 0
  return ancestorChain(index, id).length + 1
}

export function depths(source: TreeSource<TreeShape>): Map<string, number> {
  const index = indexOf(source)
  const result = new Map<string, number>()
  for (const node of preorder(index)) {
    const parentDepth = node.parentId === null ? 0 : (result.get(node.parentId) ?? 0)
    result.set(node.id, parentDepth + 1)
  }
  return result
}

/** Levels in the subtree rooted at `id`: 1 for a leaf, 0 for an unknown id. */
export function subtreeHeight(source: TreeSource<TreeShape>, id: string): number {
  const index = indexOf(source)
  if (!index.byId.has(id)) return 0
  let height = 0
  let level: readonly string[] = [id]
  while (level.length > 0 && height <= index.byId.size) {
    height += 1
    level = level.flatMap((parentId) =>
      (index.children.get(parentId) ?? NO_CHILDREN).map((node) => node.id),
    )
  }
  return height
}

/** The sibling just before `id` (null: it is first): where an Undo puts a moved group back. */
export function previousSiblingId(
  source: TreeSource<TreeShape>,
  id: string,
  parentId: string | null,
): string | null {
  const siblings = childrenOf(source, parentId)
  const at = siblings.findIndex((node) => node.id === id)
  return at > 0 ? (siblings[at - 1]?.id ?? null) : null
}

export function descendantIds(source: TreeSource<TreeShape>, id: string): Set<string> {
  return new Set(preorder(indexOf(source), id).map((node) => node.id))
}

export type Totals = {
  channels: number
  animes: number
  total: number
  subgroups: number
}

export function subtreeTotals(source: TreeSource<CountedShape>): Map<string, Totals> {
  const index = indexOf(source)
  const order = preorder(index)
  const result = new Map<string, Totals>()
  for (const node of order) {
    const total = node.channelCount + node.animeCount
    result.set(node.id, {
      channels: node.channelCount,
      animes: node.animeCount,
      total,
      subgroups: 0,
    })
  }
  for (let at = order.length - 1; at >= 0; at -= 1) {
    const node = order[at]
    if (!node || node.parentId === null) continue
    const own = result.get(node.id)
    const parent = result.get(node.parentId)
    if (!own || !parent) continue
    parent.channels += own.channels
    parent.animes += own.animes
    parent.total += own.total
    parent.subgroups += own.subgroups + 1
  }
  return result
}

/** Case- and accent-insensitive search key ("Ärzte" and "arzte" match). */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('und').trim()
}

// Node objects from the query cache are stable between keystrokes: key them once.
const nameKeys = new WeakMap<object, string>()
function nameSearchKey(node: TreeShape & { name: string }): string {
  let key = nameKeys.get(node)
  if (key === undefined) {
    key = searchKey(node.name)
    nameKeys.set(node, key)
  }
  return key
}

export function matchesQuery(name: string, query: string): boolean {
  const needle = searchKey(query)
  return needle === '' || searchKey(name).includes(needle)
}

/** Matches plus their ancestors (so a match is seen in place). An empty query shows all. */
export function filterTreeWithAncestors<T extends TreeShape & { name: string }>(
  source: TreeSource<T>,
  query: string,
): Set<string> {
  const index = indexOf(source)
  const needle = searchKey(query)
  const visible = new Set<string>()
  if (needle === '') {
    for (const id of index.byId.keys()) visible.add(id)
    return visible
  }
  for (const node of index.byId.values()) {
    if (!nameSearchKey(node).includes(needle)) continue
    // Stop at the first ancestor already shown: each node is added once, O(n) overall.
    let current: T | undefined = node
    while (current && !visible.has(current.id)) {
      visible.add(current.id)
      current = current.parentId === null ? undefined : index.byId.get(current.parentId)
    }
  }
  return visible
}

export function expandedIdsOf(nodes: readonly { id: string; expanded: boolean }[]): Set<string> {
  return new Set(nodes.filter((node) => node.expanded).map((node) => node.id))
}

export type FlatRow<T> = {
  node: T
  /** 1 for a top-level group. */
  depth: number
  hasChildren: boolean
  expanded: boolean
  totalCount: number
}

/**
 * Children follow their parent when expanded. With `visibleIds` (a search), only those show and every
 * shown parent is open, so matches appear with their path.
 */
export function flattenVisible<T extends CountedShape>(
  source: TreeSource<T>,
  expandedIds: ReadonlySet<string>,
  options: { visibleIds?: ReadonlySet<string> | null } = {},
): FlatRow<T>[] {
  const index = indexOf(source)
  const visibleIds = options.visibleIds ?? null
  const totals = subtreeTotals(index)
  const shownChildren = (id: string | null): readonly T[] => {
    const children = index.children.get(id) ?? NO_CHILDREN
    return visibleIds ? children.filter((child) => visibleIds.has(child.id)) : children
  }
  const rows: FlatRow<T>[] = []
  const stack: { node: T; depth: number }[] = shownChildren(null)
    .map((node) => ({ node, depth: 1 }))
    .reverse()
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, depth } = entry
    const children = shownChildren(node.id)
    const hasChildren = children.length > 0
    const expanded = hasChildren && (visibleIds !== null || expandedIds.has(node.id))
    rows.push({
      node,
      depth,
      hasChildren,
      expanded,
      totalCount: totals.get(node.id)?.total ?? 0,
    })
    if (!expanded) continue
    for (let at = children.length - 1; at >= 0; at -= 1) {
      const child = children[at]
      if (child) stack.push({ node: child, depth: depth + 1 })
    }
  }
  return rows
}

export type MoveCheck = 'ok' | 'cycle' | 'depth'

/** Not into its own subtree, and the deepest moved group must stay within `maxDepth`. */
export function canMove(
  source: TreeSource<TreeShape>,
  id: string,
  newParentId: string | null,
  maxDepth: number,
): MoveCheck {
  const index = indexOf(source)
  let parentDepth = 0
  if (newParentId !== null) {
    if (newParentId === id) return 'cycle'
    const chain = ancestorChain(index, newParentId)
    if (chain.some((node) => node.id === id)) return 'cycle'
    parentDepth = chain.length + 1
  }
  return parentDepth + Math.max(subtreeHeight(index, id), 1) > maxDepth ? 'depth' : 'ok'
}
