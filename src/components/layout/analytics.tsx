import { useEffect, useSyncExternalStore } from 'react'
import { writePreferenceCookie } from '~/lib/preferences/preference-cookies'

/** A preference cookie like the others: '1' means this browser opted out. */
export const ANALYTICS_OPT_OUT_COOKIE = 'tubefold-analytics-opt-out'
const OPT_OUT_EVENT = 'tubefold:analytics-opt-out'

function readOptOut(): boolean {
  return document.cookie.split('; ').includes(`${ANALYTICS_OPT_OUT_COOKIE}=1`)
}

function subscribe(onChange: () => void) {
  window.addEventListener(OPT_OUT_EVENT, onChange)
  return () => window.removeEventListener(OPT_OUT_EVENT, onChange)
}

/** Whether this browser opted out (false while rendering on the server). */
export function useAnalyticsOptOut(): boolean {
  return useSyncExternalStore(subscribe, readOptOut, () => false)
}

export function setAnalyticsOptOut(optOut: boolean) {
  writePreferenceCookie(ANALYTICS_OPT_OUT_COOKIE, optOut ? '1' : '0')
  window.dispatchEvent(new Event(OPT_OUT_EVENT))
}

let loaded = false

/** Never for a browser sending Do Not Track or opted out; loaded lazily so it costs nothing otherwise. */
export function Analytics(props: { apiKey: string; host: string }) {
  const { apiKey, host } = props
  const optedOut = useAnalyticsOptOut()
  useEffect(() => {
    if (navigator.doNotTrack === '1') return
    // Opted out before it ever loaded: nothing to download, nothing to stop.
    if (optedOut && !loaded) return
    let cancelled = false
    void import('posthog-js').then(({ default: posthog }) => {
      if (cancelled) return
      if (optedOut) {
        posthog.opt_out_capturing()
        return
      }
      if (loaded) {
        posthog.opt_in_capturing()
        return
      }
      loaded = true
      posthog.init(apiKey, {
        api_host: host,
        respect_dnt: true,
        person_profiles: 'identified_only',
      })
    })
    return () => {
      cancelled = true
    }
  }, [apiKey, host, optedOut])
  return null
}
