import type { Browser } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { messages as es } from '../../src/lib/i18n/messages/es'
import { expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { type AppServer, escapeRegExp, expect, signUpConfirmed, test } from './support/app-server'
import { createGroup } from './support/organiser-steps'
import { setPreferences } from './support/preference-steps'

/*
 * Issue 25's two fixes, in Chromium at desktop and phone widths, light and
 * dark: deleting the account asks in a dialog that says what goes, lands on
 * a goodbye page and sends a mail; a member whose access was removed is told
 * so, while a stranger opening the same address gets the not-found page.
 */

test.describe.configure({ timeout: 180_000 })

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const NOT_FOUND_LOAD = /status of 404 .*\/dashboard\/groups\/[0-9a-f-]{36}\/:0\)$/

const RUNS = [
  {
    label: 'desktop, light, English',
    viewport: DESKTOP,
    theme: 'light',
    dictionary: en,
    language: 'en',
  },
  { label: 'phone, dark, Spanish', viewport: PHONE, theme: 'dark', dictionary: es, language: 'es' },
] as const

for (const run of RUNS) {
  test(`deleting the account: dialog, goodbye page and mail (${run.label})`, async ({
    page,
    app,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 400 .*\/api\/auth\/delete-user:0\)$/)
    const t = run.dictionary
    await page.setViewportSize(run.viewport)
    const user = await signUpConfirmed(page, app, 'goodbye')
    await createGroup(page, app, 'Keepsakes')
    await setPreferences(page.context(), app.baseURL, {
      theme: run.theme,
      language: run.language,
    })

    await gotoHydrated(page, `${app.baseURL}/dashboard/settings/account/`)
    await expect(page.locator('html')).toHaveClass(new RegExp(run.theme))
    const danger = page.getByRole('region', { name: t['settings.account.delete'] })
    await expectNoA11yViolations(page)

    // The button only opens the dialog; nothing is deleted yet, and it can be closed.
    await danger.getByRole('button', { name: t['settings.account.deleteButton'] }).click()
    const dialog = page.getByRole('alertdialog', { name: t['settings.account.deleteDialog.title'] })
    await expect(dialog).toBeVisible()
    await expect(
      dialog.getByText(fill(t['settings.account.deleteDialog.groups.one'], { count: 1 })),
    ).toBeVisible()
    await expect(
      dialog.getByText(fill(t['settings.account.deleteDialog.channels.other'], { count: 0 })),
    ).toBeVisible()
    await expect(
      dialog.getByText(fill(t['settings.account.deleteDialog.undo'], { email: user.email })),
    ).toBeVisible()
    await expectNoA11yViolations(page)
    await dialog.getByRole('button', { name: t['settings.account.deleteDialog.cancel'] }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/dashboard\/settings\/account\/$/)

    // Confirming needs the password typed in the dialog.
    await danger.getByRole('button', { name: t['settings.account.deleteButton'] }).click()
    const confirm = dialog.getByRole('button', { name: t['settings.account.deleteDialog.confirm'] })
    const password = dialog.getByLabel(t['settings.account.deleteConfirm'])
    await confirm.click()
    await expect(password).toHaveAccessibleDescription(t['auth.error.passwordRequired'])
    await password.fill('not-my-password')
    await confirm.click()
    await expect(dialog.getByText(t['auth.error.wrongPassword'])).toBeVisible()
    await expectNoA11yViolations(page)

    await password.fill(user.password)
    await confirm.click()
    await expect(page).toHaveURL(`${app.baseURL}/goodbye/`)
    await expect(page.getByRole('heading', { level: 1, name: t['goodbye.title'] })).toBeVisible()
    await expect(page.getByText(t['goodbye.body'])).toBeVisible()
    await expect(page.getByRole('link', { name: t['goodbye.register'] })).toBeVisible()
    await expectNoA11yViolations(page)

    // The mail goes in the account's language (English: it signed up in English).
    const mail = await app.sink.waitForMail({
      to: user.email,
      subject: new RegExp(escapeRegExp(en['mail.deleted.subject'])),
    })
    expect(mail.text).toContain(fill(en['mail.deleted.heading'], { name: user.name }))

    // The goodbye page holds after a reload too: it needs no session.
    await gotoHydrated(page, `${app.baseURL}/goodbye/`)
    await expect(page.getByRole('heading', { level: 1, name: t['goodbye.title'] })).toBeVisible()
  })
}

async function signedInContext(browser: Browser, app: AppServer, label: string) {
  const context = await browser.newContext({ baseURL: app.baseURL, locale: 'en-US' })
  const page = await context.newPage()
  const user = await signUpConfirmed(page, app, label)
  return { context, page, user }
}

test('a removed member is told their access ended; a stranger still gets not-found', async ({
  page,
  context,
  app,
  browser,
  browserErrors,
}) => {
  browserErrors.allow(NOT_FOUND_LOAD)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const owner = await signUpConfirmed(page, app, 'owner')
  const groupUrl = await createGroup(page, app, 'Client A')

  // An edit link, copied from the share screen.
  await gotoHydrated(page, `${groupUrl}share/`)
  const links = page.getByRole('region', { name: en['sharing.links.title'] })
  await links.getByText(en['sharing.permission.edit'], { exact: true }).click()
  await expect(links.getByRole('radio', { name: en['sharing.permission.edit'] })).toBeChecked()
  await links.getByRole('button', { name: en['sharing.links.create'] }).click()
  await expect(page.getByText(en['sharing.links.created'])).toBeVisible()
  await links
    .getByRole('button', { name: new RegExp(`^${en['sharing.links.copy']}`) })
    .first()
    .click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/share/')
  const link = await page.evaluate(() => navigator.clipboard.readText())

  const member = await signedInContext(browser, app, 'member')
  await gotoHydrated(member.page, link)
  await member.page.getByRole('button', { name: en['sharing.page.join'] }).click()
  await expect(member.page).toHaveURL(groupUrl)

  // The owner removes them.
  await gotoHydrated(page, `${groupUrl}share/`)
  await page
    .getByRole('button', {
      name: fill(en['sharing.members.removeLabel'], { name: member.user.name }),
    })
    .click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: en['sharing.members.remove'] })
    .click()
  await expect(
    page.getByText(fill(en['sharing.members.removed'], { name: member.user.name })),
  ).toBeVisible()

  // The former member: told so, with whom to ask and the ways back, at both widths and themes.
  for (const [viewport, theme] of [
    [DESKTOP, 'light'],
    [PHONE, 'dark'],
  ] as const) {
    await member.page.setViewportSize(viewport)
    await setPreferences(member.page.context(), app.baseURL, { theme, language: 'en' })
    const response = await gotoHydrated(member.page, groupUrl)
    expect(response?.status()).toBe(404)
    await expect(member.page.locator('html')).toHaveClass(new RegExp(theme))
    await expect(
      member.page.getByRole('heading', { level: 1, name: en['sharing.accessEnded.title'] }),
    ).toBeVisible()
    await expect(
      member.page.getByText(fill(en['sharing.accessEnded.body'], { owner: owner.name })),
    ).toBeVisible()
    await expect(member.page.getByText(en['notFound.message'])).toHaveCount(0)
    await expectNoA11yViolations(member.page)
  }
  await member.page.getByRole('link', { name: en['sharing.accessEnded.dashboard'] }).click()
  await expect(member.page).toHaveURL(`${app.baseURL}/dashboard/`)

  // A stranger opening the same address sees what a missing group shows.
  const stranger = await signedInContext(browser, app, 'stranger')
  for (const url of [groupUrl, `${app.baseURL}/dashboard/groups/${crypto.randomUUID()}/`]) {
    const response = await gotoHydrated(stranger.page, url)
    expect(response?.status()).toBe(404)
    await expect(stranger.page.getByText(en['notFound.message'])).toBeVisible()
    await expect(stranger.page.getByText(en['sharing.accessEnded.title'])).toHaveCount(0)
    await expect(stranger.page.getByText(owner.name)).toHaveCount(0)
  }
  await member.context.close()
  await stranger.context.close()
})
