import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'

/* Fractional-index keys: placing one row writes one row. Byte-wise order (`collate "C"` in SQL). */

export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** A key strictly between two neighbours (null = open end). */
export function keyBetween(before: string | null | undefined, after: string | null | undefined) {
  return generateKeyBetween(before ?? null, after ?? null)
}

/** `count` increasing keys after `last` (null = empty list), for appending in order. */
export function appendKeys(last: string | null | undefined, count: number): string[] {
  return count > 0 ? generateNKeysBetween(last ?? null, null, count) : []
}

/** Siblings sorted, the moving row excluded; `afterId` undefined = last, null = first. Null when not found. */
export function keyAfterSibling(
  siblings: readonly { id: string; position: string }[],
  afterId: string | null | undefined,
): string | null {
  if (afterId === undefined) return keyBetween(siblings.at(-1)?.position, null)
  if (afterId === null) return keyBetween(null, siblings[0]?.position)
  const at = siblings.findIndex((sibling) => sibling.id === afterId)
  if (at < 0) return null
  return keyBetween(siblings[at]?.position, siblings[at + 1]?.position)
}
