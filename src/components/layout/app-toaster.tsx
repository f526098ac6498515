import { lazy, Suspense, useEffect, useState } from 'react'
import { usePreferences } from '~/lib/preferences/preferences-provider'

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/**
 * Seed §9 toaster: 3 visible, 4000 ms, bottom-right, rich colours, follows the
 * theme. Mounted once the page is idle so it never delays the first paint.
 */
export function AppToaster() {
  const { preferences } = usePreferences()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const id = requestIdleCallback(() => setReady(true), { timeout: 2000 })
    return () => cancelIdleCallback(id)
  }, [])
  if (!ready) return null
  return (
    <Suspense>
      <Toaster
        theme={preferences.theme}
        position="bottom-right"
        richColors
        visibleToasts={3}
        duration={4000}
        closeButton
      />
    </Suspense>
  )
}
