import {
  buildTreeIndex,
  depths,
  descendantIds,
  searchKey,
  subtreeHeight,
  type TreeIndex,
  type TreeShape,
} from './tree'

/* Pure helpers for the groups tree screen and the group picker: drop and keyboard moves, type-ahead. */

export type TreeNodeLike = TreeShape

/** Where a group goes: a parent (null = top level) and the sibling it follows (null = first, undefined = last). */
export type MoveTarget = { parentId: string | null; afterId?: string | null }

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent'
export type DropPosition = 'before' | 'after' | 'inside'

function previousSibling<T extends TreeNodeLike>(
  index: TreeIndex<T>,
  node: TreeNodeLike,
): T | null {
  const siblings = index.children.get(node.parentId) ?? []
  const at = siblings.findIndex((sibling) => sibling.id === node.id)
  return at > 0 ? (siblings[at - 1] ?? null) : null
}

export function isSamePlace<T extends TreeNodeLike>(
  index: TreeIndex<T>,
  node: TreeNodeLike,
  target: MoveTarget,
): boolean {
  if (target.parentId !== node.parentId) return false
  const siblings = index.children.get(node.parentId) ?? []
  if (target.afterId === undefined) return siblings.at(-1)?.id === node.id
  if (target.afterId === node.id) return true
  return (previousSibling(index, node)?.id ?? null) === target.afterId
}

/**
 * Alt+Up/Down reorders among siblings, Alt+Right nests under the previous sibling (last child), Alt+Left
 * puts the group right after its parent. Null when there is nowhere to go.
 */
export function keyboardMoveTarget<T extends TreeNodeLike>(
  source: readonly T[] | TreeIndex<T>,
  id: string,
  move: KeyboardMove,
): MoveTarget | null {
  const index = 'byId' in source ? source : buildTreeIndex(source)
  const node = index.byId.get(id)
  if (!node) return null
  const siblings = index.children.get(node.parentId) ?? []
  const at = siblings.findIndex((sibling) => sibling.id === id)
  switch (move) {
    case 'up': {
      if (at <= 0) return null
      return { parentId: node.parentId, afterId: siblings[at - 2]?.id ?? null }
    }
    case 'down': {
      const next = siblings[at + 1]
      return next ? { parentId: node.parentId, afterId: next.id } : null
    }
    case 'indent': {
      const previous = siblings[at - 1]
      if (at <= 0 || !previous) return null
      return {
        parentId: previous.id,
        afterId: index.children.get(previous.id)?.at(-1)?.id ?? null,
      }
    }
    case 'outdent': {
      if (node.parentId === null) return null
      const parent = index.byId.get(node.parentId)
      if (!parent) return null
      return { parentId: parent.parentId, afterId: parent.id }
    }
  }
}

/** Top and bottom quarters mean "before" and "after", the middle "inside"; without `allowInside`, halves. */
export function dropPositionAt(
  offsetY: number,
  height: number,
  options: { allowInside: boolean } = { allowInside: true },
): DropPosition {
  const ratio = height > 0 ? offsetY / height : 0.5
  if (!options.allowInside) return ratio < 0.5 ? 'before' : 'after'
  if (ratio < 0.25) return 'before'
  if (ratio > 0.75) return 'after'
  return 'inside'
}

/**
 * "After" an expanded row with children lands as its first child, since that is where the line is drawn.
 * Null for a drop that changes nothing.
 */
export function dropMoveTarget<T extends TreeNodeLike>(
  source: readonly T[] | TreeIndex<T>,
  draggedId: string,
  row: { id: string; expanded: boolean; hasChildren: boolean },
  position: DropPosition,
): MoveTarget | null {
  const index = 'byId' in source ? source : buildTreeIndex(source)
  const dragged = index.byId.get(draggedId)
  const over = index.byId.get(row.id)
  if (!dragged || !over || draggedId === row.id) return null
  let target: MoveTarget
  if (position === 'inside') {
    target = { parentId: over.id }
  } else if (position === 'after' && row.expanded && row.hasChildren) {
    target = { parentId: over.id, afterId: null }
  } else if (position === 'after') {
    target = { parentId: over.parentId, afterId: over.id }
  } else {
    const siblings = (index.children.get(over.parentId) ?? []).filter(
      (node) => node.id !== draggedId,
    )
    const at = siblings.findIndex((node) => node.id === over.id)
    target = { parentId: over.parentId, afterId: at > 0 ? (siblings[at - 1]?.id ?? null) : null }
  }
  return isSamePlace(index, dragged, target) ? null : target
}

/**
 * Itself, its descendants, and groups so deep its subtree would pass `maxDepth`: canMove's rule in one
 * pass, so the Move dialog stays instant with 1,000 groups.
 */
export function invalidParentIds<T extends TreeNodeLike>(
  source: readonly T[] | TreeIndex<T>,
  id: string,
  maxDepth: number,
): Set<string> {
  const index = 'byId' in source ? source : buildTreeIndex(source)
  const invalid = descendantIds(index, id)
  invalid.add(id)
  const height = Math.max(subtreeHeight(index, id), 1)
  for (const [nodeId, depth] of depths(index)) {
    if (depth + height > maxDepth) invalid.add(nodeId)
  }
  return invalid
}

/** The next row (wrapping) whose label starts with the typed text; one repeated letter cycles rows. */
export function typeaheadIndex(labels: readonly string[], current: number, typed: string): number {
  if (labels.length === 0 || typed === '') return -1
  const query = fold(typed)
  const repeated = [...query].every((char) => char === query[0])
  const needle = repeated ? (query[0] ?? '') : query
  const start = repeated || query.length === 1 ? current + 1 : current
  for (let step = 0; step < labels.length; step++) {
    const index = (((start + step) % labels.length) + labels.length) % labels.length
    if (fold(labels[index] ?? '').startsWith(needle)) return index
  }
  return -1
}

/** tree.ts's searchKey without the trim, so it can fold text piece by piece ("Café" → "cafe"). */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('und')
}

export type TextSegment = { text: string; match: boolean }

/** Splits `text` around case- and accent-insensitive matches of `query`, keeping the original characters. */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const needle = searchKey(query)
  if (needle === '') return [{ text, match: false }]
  // Fold code point by code point, remembering where each folded char came from.
  const chars = [...text]
  let folded = ''
  const origin: number[] = []
  chars.forEach((char, at) => {
    const piece = fold(char)
    folded += piece
    for (let i = 0; i < piece.length; i++) origin.push(at)
  })
  const segments: TextSegment[] = []
  let cursor = 0
  let from = folded.indexOf(needle)
  while (from !== -1) {
    const start = origin[from] ?? chars.length
    const end = (origin[from + needle.length - 1] ?? chars.length - 1) + 1
    if (start > cursor) segments.push({ text: chars.slice(cursor, start).join(''), match: false })
    if (end > start) segments.push({ text: chars.slice(start, end).join(''), match: true })
    cursor = Math.max(cursor, end)
    from = folded.indexOf(needle, from + needle.length)
  }
  if (cursor < chars.length) segments.push({ text: chars.slice(cursor).join(''), match: false })
  return segments
}

/** 1-based, for the screen reader announcement: "position 2 of 3". */
export function movePlacement<T extends TreeNodeLike>(
  source: readonly T[] | TreeIndex<T>,
  id: string,
  target: MoveTarget,
): { position: number; size: number } {
  const index = 'byId' in source ? source : buildTreeIndex(source)
  const siblings = (index.children.get(target.parentId) ?? []).filter((node) => node.id !== id)
  const size = siblings.length + 1
  if (target.afterId === undefined) return { position: size, size }
  if (target.afterId === null) return { position: 1, size }
  const at = siblings.findIndex((node) => node.id === target.afterId)
  return { position: at === -1 ? size : at + 2, size }
}
