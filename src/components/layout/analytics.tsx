import { useEffect } from 'react'

/**
 * PostHog, only when the operator set POSTHOG_KEY, and never for a browser
 * that sends Do Not Track. Loaded lazily so it costs nothing otherwise.
 */
export function Analytics(props: { apiKey: string; host: string }) {
  const { apiKey, host } = props
  useEffect(() => {
    if (navigator.doNotTrack === '1') return
    let cancelled = false
    void import('posthog-js').then(({ default: posthog }) => {
      if (cancelled) return
      posthog.init(apiKey, {
        api_host: host,
        respect_dnt: true,
        person_profiles: 'identified_only',
      })
    })
    return () => {
      cancelled = true
    }
  }, [apiKey, host])
  return null
}
