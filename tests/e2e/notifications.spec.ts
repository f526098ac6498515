import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { type PushFake, startPushFake } from '../fakes/push-fake'
import { startYoutubeFake, type YoutubeFake } from '../fakes/youtube-fake'
import { bodyIsDark, expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { type AppServer, expect, signIn, startAppServer, test } from './support/app-server'

/*
 * Push notifications end to end in Chromium, on the demo account.
 *
 * What it proves: the settings screen turns push on for a group (asking the
 * browser for permission only then, granted here by the context) and its
 * subgroups follow it; the browser's subscription reaches the server; a new
 * upload published in the fake RSS feed is fetched, found, claimed and sent
 * by the server as a real Web Push request — the local push service fake
 * checks the VAPID signature and the aes128gcm encryption and decrypts it
 * with the subscription's private key, as a browser would; the service
 * worker at /sw.js shows that decrypted payload as a notification; the bell
 * shows the notice with its unread count. And when the browser refuses
 * permission, the screen says so and the previous choice stays.
 *
 * What it does not: Chromium's own push service is Google's, out of reach
 * without the internet, so (1) `PushManager.subscribe` is replaced in the
 * page by one that answers the fake's subscription (endpoint and keys), and
 * (2) the decrypted payload is handed to the service worker through the
 * DevTools protocol (`ServiceWorker.deliverPushMessage`), which is what the
 * browser does once its push service delivered a message. The encryption is
 * therefore checked by the fake, not by Chromium.
 */

test.describe.configure({ timeout: 180_000 })
// The suite blocks service workers; this spec is about ours.
test.use({ serviceWorkers: 'allow' })

/** Fireship sits in Tech › Programming › Web on the demo account. */
const FIRESHIP = 'UCsBjURrPoezykLs9EqgamOA'

let fake: PushFake
let feeds: YoutubeFake
let app: AppServer
// Its own server, reading RSS from a fake this spec publishes to (the shared one reads none).
test.beforeAll(async () => {
  fake = await startPushFake()
  feeds = await startYoutubeFake({ host: '127.0.0.1' })
  app = await startAppServer({ env: { YOUTUBE_FEED_BASE_URL: feeds.feedBaseUrl } })
})
test.afterAll(async () => {
  await app?.stop()
  await Promise.all([fake?.close(), feeds?.close()])
})

/** A DevTools session with the ServiceWorker domain on, and our worker's registration id. */
async function serviceWorkerSession(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page)
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
      )
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return { cdp, registrationId: await found }
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const shown = await registration.getNotifications()
    return shown.map((item) => ({ title: item.title, body: item.body, tag: item.tag }))
  })
}

test('push on for a group: a new upload reaches the service worker, and the bell shows it', async ({
  page,
}) => {
  const subscription = fake.subscribe('chromium')
  await page.context().grantPermissions(['notifications'], { origin: app.baseURL })
  await page.addInitScript((fakeSubscription) => {
    // Stands in for Google's push service, out of reach offline (see the header);
    // kept across reloads as a browser keeps its subscription.
    const held = 'e2e-push-subscribed'
    const answer = Object.defineProperties(Object.create(PushSubscription.prototype), {
      endpoint: { value: fakeSubscription.endpoint },
      toJSON: {
        value: () => ({ endpoint: fakeSubscription.endpoint, keys: fakeSubscription.keys }),
      },
      unsubscribe: {
        value: () => {
          localStorage.removeItem(held)
          return Promise.resolve(true)
        },
      },
    })
    PushManager.prototype.subscribe = () => {
      localStorage.setItem(held, 'yes')
      return Promise.resolve(answer)
    }
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(localStorage.getItem(held) ? answer : null)
  }, subscription)

  await signIn(page, app, DEMO_ACCOUNT)
  await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
  await gotoHydrated(page, `${app.baseURL}/dashboard/settings/notifications/`)
  await expect(
    page.getByRole('heading', { name: en['notify.settings.title'], level: 2 }),
  ).toBeVisible()

  const tech = page.getByRole('combobox', {
    name: fill(en['notify.uploads.choice'], { name: 'Tech' }),
  })
  await tech.selectOption(en['notify.uploads.push'])
  await expect(tech).toHaveValue('push')
  // Its subgroups follow it until given their own choice.
  await expect(
    page.getByText(
      `${fill(en['notify.uploads.inherits'], { parent: 'Programming' })} · ${en['notify.uploads.push']}`,
    ),
  ).toHaveCount(2)
  // The browser it subscribed is listed, marked as this one.
  const browsers = page.getByRole('region', { name: en['notify.browsers.title'] })
  await expect(browsers.getByRole('listitem')).toHaveCount(1)
  await expect(browsers.getByText(en['notify.browsers.this'], { exact: true })).toBeVisible()

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await expectNoA11yViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => bodyIsDark(page)).toBe(true)
    await expectNoA11yViolations(page)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })

  // A new upload in the fake feed; the feed refresh and the push job run now instead of on schedule.
  const video = feeds.rss.publish(FIRESHIP, {
    title: 'Rust in 100 seconds',
    publishedAt: new Date(),
  })
  const run = await page.request.post(`${app.baseURL}/dev/run-notifications`, {
    data: { channelIds: [FIRESHIP] },
  })
  expect(run.ok()).toBe(true)
  expect(await run.json()).toMatchObject({ feeds: { fetched: 1 }, pushes: { users: 1, pushes: 1 } })
  await expect.poll(() => fake.messages.filter((m) => m.name === 'chromium').length).toBe(1)
  const [message] = fake.messages
  expect(message?.problem).toBeNull()
  const payload = JSON.parse(message?.payload ?? '{}')
  expect(payload).toMatchObject({
    title: fill(en['notify.push.title'], { count: 1, group: 'Web' }),
    body: `• ${video.title}`,
  })

  const { cdp, registrationId } = await serviceWorkerSession(page, app.baseURL)
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: app.baseURL,
    registrationId,
    data: message?.payload ?? '',
  })
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }])

  // The bell: one unread, then read once opened.
  await page.reload()
  const bell = page.getByRole('button', {
    name: fill(en['notify.bell.openUnread'], { count: 1 }),
  })
  await expect(bell).toBeVisible()
  await bell.click()
  const panel = page.getByRole('dialog', { name: en['notify.bell.open'] })
  await expect(panel.getByRole('link', { name: payload.title })).toBeVisible()
  await expectNoA11yViolations(page)
  await expect(
    page.getByRole('button', { name: en['notify.bell.open'], exact: true }),
  ).toBeVisible()

  // The privacy export holds the browser by its origin, never its keys.
  const exported = await page.request.get(`${app.baseURL}/api/notifications/export`)
  expect(exported.ok()).toBe(true)
  const data = await exported.json()
  expect(data.pushSubscriptions).toEqual([
    expect.objectContaining({ endpointOrigin: new URL(subscription.endpoint).origin }),
  ])
  expect(JSON.stringify(data)).not.toContain(subscription.keys.auth)

  // Removing this browser: gone from the list, and unsubscribed here too.
  await gotoHydrated(page, `${app.baseURL}/dashboard/settings/notifications/`)
  await expect(browsers.getByText(en['notify.browsers.this'], { exact: true })).toBeVisible()
  await browsers
    .getByRole('button', { name: new RegExp(`^${en['notify.browsers.remove']} `) })
    .click()
  await expect(browsers.getByText(en['notify.browsers.empty'])).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return (await registration.pushManager.getSubscription()) === null
      }),
    )
    .toBe(true)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'light' })
  await expectNoA11yViolations(page)
})

test('push refused by the browser: the screen says so and keeps the previous choice', async ({
  page,
}) => {
  await signIn(page, app, DEMO_ACCOUNT)
  await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
  // No permission granted in this context: Chromium answers the prompt with "denied".
  await gotoHydrated(page, `${app.baseURL}/dashboard/settings/notifications/`)
  const science = page.getByRole('combobox', {
    name: fill(en['notify.uploads.choice'], { name: 'Science' }),
  })
  await science.selectOption(en['notify.uploads.weekly'])
  await expect(science).toHaveValue('weekly')
  await science.selectOption(en['notify.uploads.push'])
  await expect(page.getByRole('alert')).toHaveText(en['notify.push.denied'])
  await expect(science).toHaveValue('weekly')
  await page.reload()
  await expect(
    page.getByRole('combobox', { name: fill(en['notify.uploads.choice'], { name: 'Science' }) }),
  ).toHaveValue('weekly')
})
