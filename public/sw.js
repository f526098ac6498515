/*
 * Tubefold's service worker: it only shows Web Push notifications and opens
 * the group's feed when one is clicked. No caching, no fetch handler.
 */

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

function readPayload(event) {
  try {
    return event.data ? event.data.json() : null
  } catch {
    return null
  }
}

/** Only a path on our own origin is ever opened. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/dashboard/', self.location.origin)
    return url.origin === self.location.origin
      ? url.href
      : new URL('/dashboard/', self.location.origin).href
  } catch {
    return new URL('/dashboard/', self.location.origin).href
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event)
  if (!payload || typeof payload.title !== 'string') return
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      icon: '/favicon.svg',
      data: { url: sameOriginUrl(payload.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = sameOriginUrl(event.notification.data?.url)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
