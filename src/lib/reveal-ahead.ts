import { useSyncExternalStore } from 'react'
import { afterShownFrame } from './after-paint'

/**
 * Screens rendered ahead of their link's click, hidden, and the one a click
 * is showing before the router's navigation to it. One value for the page,
 * client only.
 */
const ready = new Set<string>()
let revealing: string | null = null
const listeners = new Set<() => void>()

export function subscribeRevealing(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Marks the screen behind `to` as rendered ahead; the returned function unmarks it. */
export function markScreenReady(to: string): () => void {
  ready.add(to)
  return () => {
    ready.delete(to)
  }
}

export function revealingScreen(): string | null {
  return revealing
}

export function useRevealingScreen(): string | null {
  return useSyncExternalStore(subscribeRevealing, revealingScreen, () => null)
}

function setRevealing(to: string | null) {
  if (revealing === to) return
  revealing = to
  for (const listener of listeners) listener()
}

/**
 * A click on a link whose screen is ready shows that screen in the click's own
 * frame and leaves the router's navigation (its loaders, head and the old
 * screen's unmount) until that frame is on screen. Returns false, and does
 * nothing, when the screen is not ready or the page is scrolled (the router's
 * scroll reset would then move the shown screen a frame later).
 */
export function revealAhead(to: string, navigate: () => Promise<unknown>): boolean {
  if (!ready.has(to) || window.scrollY !== 0) return false
  setRevealing(to)
  afterShownFrame(() => {
    void navigate().finally(() => {
      if (revealing === to) setRevealing(null)
    })
  })
  return true
}
