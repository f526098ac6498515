import { useEffect } from 'react'

const KEY = 'tubefold-chunk-reload-at'
const WINDOW_MS = 10_000

/**
 * A lazy screen whose chunk vanished (usually a deploy) reloads the page once.
 * A second failure within the window is left to the error screen, so it never loops.
 */
export function ChunkReloadGuard() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      const last = Number(sessionStorage.getItem(KEY) ?? 0)
      if (Date.now() - last < WINDOW_MS) return
      event.preventDefault()
      sessionStorage.setItem(KEY, String(Date.now()))
      window.location.reload()
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => window.removeEventListener('vite:preloadError', onPreloadError)
  }, [])
  return null
}
