import { useSyncExternalStore } from 'react'

/**
 * The nav link the pointer rests on (or that has focus): the screen behind it
 * may be rendered ahead of the click. One value for the page, client only.
 */
let intent: string | null = null
const listeners = new Set<() => void>()

export function setNavIntent(to: string | null) {
  if (intent === to) return
  intent = to
  for (const listener of listeners) listener()
}

/** Ends the intent on `to` only: leaving one link must not cancel the next one's. */
export function endNavIntent(to: string) {
  if (intent === to) setNavIntent(null)
}

export function navIntent(): string | null {
  return intent
}

export function subscribeNavIntent(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useNavIntent(): string | null {
  return useSyncExternalStore(subscribeNavIntent, navIntent, () => null)
}
