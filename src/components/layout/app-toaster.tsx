import { lazy, Suspense, useEffect, useState } from 'react'
import { usePreferences } from '~/lib/preferences/preferences-provider'
import { whenIdle } from '~/lib/when-idle'

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/** Mounted once the page is idle so it never delays the first paint. */
export function AppToaster() {
  const { preferences } = usePreferences()
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => setReady(true), 2_000), [])
  if (!ready) return null
  return (
    <Suspense>
      <Toaster
        theme={preferences.theme}
        // Every language we ship is left to right. Without it, sonner reads the
        // computed style on each render: a forced style recalculation per navigation.
        dir="ltr"
        position="bottom-right"
        richColors
        visibleToasts={3}
        duration={4000}
        closeButton
      />
    </Suspense>
  )
}
