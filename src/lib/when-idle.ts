/**
 * Runs `task` once the browser is idle, at the latest after `timeout` ms, and
 * returns its cancel. Browsers without `requestIdleCallback` (Safari) run it
 * after a timer of at most half a second instead.
 */
export function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, Math.min(timeout, 500))
  return () => clearTimeout(id)
}
