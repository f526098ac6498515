import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { vapidKeys } from '~/server/push/vapid.server'
import { listInbox, markAllRead, markRead } from './inbox.server'
import {
  getNotificationSettings as readSettings,
  saveNotificationPreference as savePreference,
  setGroupNotice as setNotice,
} from './notification-settings.server'
import {
  groupNoticeSchema,
  markReadSchema,
  notificationPreferenceSchema,
  pushBrowserIdSchema,
  pushSubscriptionSchema,
} from './notifications.schemas'
import {
  listPushBrowsers,
  removePushBrowser as removeBrowser,
  savePushSubscription as saveSubscription,
} from './push-subscriptions.server'

/* Notification settings, push subscriptions and the bell: validate, then the actor's own rows only. */

export const getNotificationSettings = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => readSettings(await getDb(), context.actor.id))

/** A group the actor cannot see answers GROUP_NOT_FOUND (inside setGroupNotice). */
export const setGroupNotice = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(groupNoticeSchema)
  .handler(async ({ data, context }) => setNotice(await getDb(), context.actor.id, data))

export const saveNotificationPreference = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(notificationPreferenceSchema)
  .handler(async ({ data, context }) => savePreference(await getDb(), context.actor.id, data))

/** What a browser needs to subscribe: the VAPID public key (public by nature, still signed-in only). */
export const getPushSetup = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(() => ({ publicKey: vapidKeys().publicKey }))

export const savePushSubscription = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(pushSubscriptionSchema)
  .handler(async ({ data, context }) =>
    saveSubscription(
      await getDb(),
      context.actor.id,
      { ...data, userAgent: getRequest().headers.get('user-agent') },
      getEnv().APP_ENV,
    ),
  )

export const getPushBrowsers = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => listPushBrowsers(await getDb(), context.actor.id))

/** Only the actor's own browser is removed (the delete is scoped to them), else PUSH_BROWSER_NOT_FOUND. */
export const removePushBrowser = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(pushBrowserIdSchema)
  .handler(async ({ data, context }) => removeBrowser(await getDb(), context.actor.id, data.id))

export const getInbox = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => listInbox(await getDb(), context.actor.id))

export const markNotificationsRead = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(markReadSchema)
  .handler(async ({ data, context }) => markRead(await getDb(), context.actor.id, data.ids))

export const markAllNotificationsRead = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .handler(async ({ context }) => markAllRead(await getDb(), context.actor.id))
