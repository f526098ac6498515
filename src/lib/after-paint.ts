import { useEffect, useState } from 'react'

/**
 * Runs `task` after the next frame has been painted and the one after it has
 * begun, so the compositor presents the first before `task` takes the CPU. A
 * hidden tab gets no frames, so a timer stands in. Returns its cancel.
 */
export function afterShownFrame(task: () => void): () => void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    task()
  }
  const fallback = setTimeout(once, 100)
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)))
  return () => {
    done = true
    clearTimeout(fallback)
  }
}

/**
 * False until the frame that first shows the calling component is on screen:
 * work that can wait (a large fetch and its parse) starts after it instead of
 * competing with it.
 */
export function useShownFrame(): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => (shown ? undefined : afterShownFrame(() => setShown(true))), [shown])
  return shown
}
