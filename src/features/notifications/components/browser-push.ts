import type { PushSubscriptionInput } from '../notifications.schemas'

// The permission prompt shows only when the reader turns push on.

export const SERVICE_WORKER_URL = '/sw.js'
const READY_TIMEOUT_MS = 10_000

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index)
  return bytes
}

export type PushSubscribeResult =
  | { status: 'subscribed'; subscription: PushSubscriptionInput }
  | { status: 'denied' | 'unsupported' | 'failed' }

/** Asks for permission if not yet given, then subscribes this browser with our VAPID key. */
export async function subscribeToPush(publicKey: string): Promise<PushSubscribeResult> {
  if (!pushSupported()) return { status: 'unsupported' }
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission
  if (permission !== 'granted') return { status: 'denied' }
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' })
    // A worker that never activates (blocked by the browser or an extension) must not hang the screen.
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS),
      ),
    ])
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }))
    const json = subscription.toJSON()
    const p256dh = json.keys?.p256dh
    const auth = json.keys?.auth
    if (!json.endpoint || !p256dh || !auth) return { status: 'failed' }
    return {
      status: 'subscribed',
      subscription: { endpoint: json.endpoint, keys: { p256dh, auth } },
    }
  } catch {
    return { status: 'failed' }
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  try {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)
    return (await registration?.pushManager.getSubscription()) ?? null
  } catch {
    return null
  }
}

/** The endpoint this browser pushes to, so the list can mark "this browser". */
export async function currentPushEndpoint(): Promise<string | null> {
  return (await currentSubscription())?.endpoint ?? null
}

/** Ends this browser's subscription at its push service: nothing is delivered to it any more. */
export async function unsubscribeThisBrowser(): Promise<void> {
  try {
    await (await currentSubscription())?.unsubscribe()
  } catch {
    // The server row is gone already: a push that still came would find no one to send it.
  }
}
