/* Narrowing helpers for parsed JSON (unknown until proven otherwise). */

export type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** `a.b.c` of nested objects, or undefined. */
export function pathOf(value: unknown, ...keys: string[]): unknown {
  let current = value
  for (const key of keys) {
    if (!isObject(current)) return undefined
    current = current[key]
  }
  return current
}

/** Text for a problem line: strings as they are, anything else as JSON. */
export function jsonText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)?.slice(0, 400) ?? String(value)
  } catch {
    return String(value)
  }
}
