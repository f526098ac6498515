import type { LucideIcon } from 'lucide-react'
import dynamicIconImports from 'lucide-react/dynamicIconImports'
import { useEffect, useSyncExternalStore } from 'react'
import type { GroupColor } from '../groups.schemas'

/*
 * `lucide:<name>` icons are each their own bundled chunk (never a CDN), loaded on first use; `emoji:<chars>`
 * is plain text. No React components here, so node tests can import the catalogue.
 */

export type LucideIconName = keyof typeof dynamicIconImports

/** Every lucide icon name (aliases included, so searching an old name finds the icon). */
export const LUCIDE_ICON_NAMES = Object.keys(dynamicIconImports).filter(isLucideIconName)

export function isLucideIconName(name: string): name is LucideIconName {
  return Object.hasOwn(dynamicIconImports, name)
}

/** Built-in fallbacks when neither the group nor the user's settings say otherwise. */
export const FALLBACK_ICON = 'lucide:folder'
export const FALLBACK_COLOR: GroupColor = 'blue'

export type ParsedIcon =
  | { kind: 'lucide'; name: LucideIconName }
  | { kind: 'emoji'; chars: string }
  | null

/** Reads a stored icon value; anything unknown is null (then the default applies). */
export function parseIcon(value: string | null | undefined): ParsedIcon {
  if (!value) return null
  if (value.startsWith('lucide:')) {
    const name = value.slice('lucide:'.length)
    return isLucideIconName(name) ? { kind: 'lucide', name } : null
  }
  if (value.startsWith('emoji:')) {
    const chars = value.slice('emoji:'.length)
    return chars ? { kind: 'emoji', chars } : null
  }
  return null
}

const loaded = new Map<LucideIconName, LucideIcon>()
const pending = new Map<LucideIconName, Promise<void>>()
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Starts loading icons (e.g. all icons of a tree at once); resolves when they are ready. */
export function preloadIcons(values: Iterable<string | null | undefined>): Promise<void> {
  const loads: Promise<void>[] = []
  for (const value of values) {
    const parsed = parseIcon(value)
    if (parsed?.kind === 'lucide') loads.push(loadIcon(parsed.name))
  }
  return Promise.all(loads).then(() => undefined)
}

function loadIcon(name: LucideIconName): Promise<void> {
  if (loaded.has(name)) return Promise.resolve()
  const inFlight = pending.get(name)
  if (inFlight) return inFlight
  const promise = dynamicIconImports[name]()
    .then((module) => {
      loaded.set(name, module.default)
      for (const listener of listeners) listener()
    })
    .catch(() => {
      // A chunk that failed to load leaves the placeholder; the next render may retry.
    })
    .finally(() => pending.delete(name))
  pending.set(name, promise)
  return promise
}

/** The component of a lucide icon once loaded (undefined until then, and on the server). */
export function useLucideIcon(name: LucideIconName | null): LucideIcon | undefined {
  const Icon = useSyncExternalStore(
    subscribe,
    () => (name ? loaded.get(name) : undefined),
    () => undefined,
  )
  useEffect(() => {
    if (name && !loaded.has(name)) void loadIcon(name)
  }, [name])
  return Icon
}
