import type { Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { e2eFakePorts } from '../fakes/e2e-ports'
import { FAKE_ACCOUNT_CHANNEL } from '../fakes/google-oauth-fake'
import {
  CONFIRM_IMPORT,
  expect,
  expectNoA11yViolations,
  fill,
  gotoHydrated,
  test,
} from './fixtures'
import { fillSignUpForm, newUser } from './support/app-server'
import { createGroup } from './support/organiser-steps'

/*
 * Connect YouTube in Chromium against the shared e2e server, whose fake
 * YouTube also plays Google (scripts/e2e-server.ts sets GOOGLE_* to it):
 * the import screen's YouTube source → the fake consent page → "Allow" →
 * the preview of all 120 subscriptions → a destination group → applied →
 * the group holds them; then the connection in settings, and disconnect
 * (revoked at the fake Google).
 */

test.describe.configure({ timeout: 120_000 })

const PORT = Number(process.env.E2E_PORT || 3210)
const FAKE_GOOGLE = `http://127.0.0.1:${e2eFakePorts(PORT).youtube}`
/** The shared server of playwright.config.ts: paths resolve against the page's `baseURL`. */
const SHARED_SERVER = { baseURL: '' }

/** A new account on the shared server, confirmed through the dev outbox (no SMTP there). */
async function signUpThroughOutbox(page: Page, label: string) {
  const user = newUser(label)
  await gotoHydrated(page, '/register/')
  await fillSignUpForm(page, user)
  await page.getByRole('button', { name: en['auth.register.submit'] }).click()
  await expect(page.getByRole('heading', { name: en['auth.register.checkTitle'] })).toBeVisible()

  let link: string | undefined
  await expect(async () => {
    await page.goto('/dev/outbox')
    const mail = page
      .getByRole('article', { name: en['mail.confirm.subject'] })
      .filter({ has: page.getByTestId('mail-to').getByText(user.email, { exact: true }) })
      .first()
    const text = (await mail.locator('pre').textContent({ timeout: 1000 })) ?? ''
    link = /https?:\/\/\S+\/subscriptions\/confirm\/\S+/.exec(text)?.[0]
    expect(link).toBeTruthy()
  }).toPass({ timeout: 20_000 })
  if (!link) throw new Error(`no confirmation mail for ${user.email}`)
  await page.goto(link)
  await expect(page).toHaveURL(/\/dashboard\/\?origin=confirmed$/)
}

async function fakeCalls(): Promise<{ method: string; path: string }[]> {
  const response = await fetch(`${FAKE_GOOGLE}/__fake/calls`)
  const calls: unknown = await response.json()
  if (!Array.isArray(calls)) throw new Error('the fake answered no call list')
  return calls.flatMap((call: unknown) =>
    call && typeof call === 'object' && 'method' in call && 'path' in call
      ? [{ method: String(call.method), path: String(call.path) }]
      : [],
  )
}

test('connects YouTube, previews 120 subscriptions, fills a group, then disconnects', async ({
  page,
}) => {
  await signUpThroughOutbox(page, 'connect')
  const groupUrl = await createGroup(page, SHARED_SERVER, 'From YouTube')

  // The source, before anything happens.
  await gotoHydrated(page, '/dashboard/import/')
  const source = page.getByRole('region', { name: en['connect.source.title'] })
  await expect(source).toBeVisible()
  await expectNoA11yViolations(page)

  // Google's (fake) consent page, then back with every page of subscriptions in a preview.
  await source.getByRole('link', { name: en['connect.source.action'] }).click()
  await expect(page).toHaveURL(new RegExp(`^${FAKE_GOOGLE}/o/oauth2/v2/auth\\?`))
  await page.getByRole('link', { name: 'Allow' }).click()
  await expect(
    page.getByText(fill(en['transfer.preview.format'], { format: 'YouTube' })),
  ).toBeVisible({ timeout: 30_000 })
  // The address is cleaned once the preview is open: a reload does not reopen it.
  await expect(page).toHaveURL(/\/dashboard\/import\/$/)
  await expect(page.getByText('120').first()).toBeVisible()
  await expectNoA11yViolations(page)

  // Into the group, applied atomically by the existing import.
  await page.getByRole('radio', { name: 'From YouTube' }).check()
  await page.getByRole('button', { name: CONFIRM_IMPORT }).click()
  await expect(page.getByRole('heading', { name: en['transfer.done.title'] })).toBeVisible({
    timeout: 60_000,
  })
  await gotoHydrated(page, groupUrl)
  await page.getByRole('searchbox').first().fill('Marques')
  await expect(page.getByText('Marques Brownlee').first()).toBeVisible()
  await page.getByRole('searchbox').first().fill('Fake Subscription 55')
  await expect(page.getByText('Fake Subscription 55').first()).toBeVisible()

  // Settings show the connection; disconnecting asks first, then revokes at Google.
  await gotoHydrated(page, '/dashboard/settings/connections/')
  await expect(page.getByText(FAKE_ACCOUNT_CHANNEL.title)).toBeVisible()
  await expect(page.getByRole('button', { name: en['connect.settings.importAgain'] })).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: en['connect.settings.disconnect'] }).click()
  const dialog = page.getByRole('alertdialog', { name: en['connect.disconnect.title'] })
  await expect(dialog).toBeVisible()
  await expectNoA11yViolations(page)
  await dialog.getByRole('button', { name: en['connect.settings.disconnect'] }).click()
  await expect(page.getByText(en['connect.disconnect.done'])).toBeVisible()
  await expect(page.getByText(en['connect.error.notConnected'])).toBeVisible()
  await expect(page.getByRole('link', { name: en['connect.source.action'] })).toBeVisible()
  await expectNoA11yViolations(page)
  const calls = await fakeCalls()
  expect(calls.some((call) => call.method === 'POST' && call.path === '/revoke')).toBe(true)
})

test('comes back with a translated error when the user denies access', async ({ page }) => {
  await signUpThroughOutbox(page, 'deny')
  await gotoHydrated(page, '/dashboard/import/')
  await page
    .getByRole('region', { name: en['connect.source.title'] })
    .getByRole('link', { name: en['connect.source.action'] })
    .click()
  await page.getByRole('link', { name: 'Deny' }).click()
  await expect(page.getByText(en['connect.error.denied'])).toBeVisible()
  await expectNoA11yViolations(page)
})
