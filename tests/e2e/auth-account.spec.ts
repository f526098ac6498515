import { PGlite } from '@electric-sql/pglite'
import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { gotoHydrated, waitForHydration } from './fixtures'
import {
  type AppServer,
  expect,
  signIn,
  signUpConfirmed,
  submitSignIn,
  test,
} from './support/app-server'

const INVALID_SIGN_IN = /status of 401 .*\/api\/auth\/sign-in\/email:0\)$/

/** The signed-in user's id, from Better Auth's own session endpoint (with the page's cookies). */
async function currentUserId(page: Page, app: AppServer): Promise<string> {
  const response = await page.request.get(`${app.baseURL}/api/auth/get-session`)
  expect(response.ok()).toBe(true)
  const body: unknown = await response.json()
  if (
    typeof body === 'object' &&
    body !== null &&
    'user' in body &&
    typeof body.user === 'object' &&
    body.user !== null &&
    'id' in body.user &&
    typeof body.user.id === 'string'
  ) {
    return body.user.id
  }
  throw new Error(`no signed-in user in ${JSON.stringify(body)}`)
}

/** Rows that still name the user, per table, in a stopped instance's database. */
async function rowsOf(dataDir: string, userId: string, email: string) {
  const db = await PGlite.create(`${dataDir}/pglite`)
  try {
    const count = async (sql: string, params: unknown[]) => {
      const result = await db.query<{ count: number }>(
        `select count(*)::int as count ${sql}`,
        params,
      )
      return result.rows[0]?.count ?? -1
    }
    return {
      user: await count('from "user" where id = $1 or lower(email) = lower($2)', [userId, email]),
      session: await count('from session where user_id = $1', [userId]),
      account: await count('from account where user_id = $1 or account_id = $1', [userId]),
      verification: await count(
        `from verification where value = $1 or strpos(value, $2) > 0 or strpos(identifier, $2) > 0`,
        [userId, email],
      ),
      used_confirmation_code: await count('from used_confirmation_code where user_id = $1', [
        userId,
      ]),
      mail_outbox: await count('from mail_outbox where lower("to") = lower($1)', [email]),
      // Control: the seeded demo account is still there, so the queries read the right database.
      demoUser: await count('from "user" where email = $1', [DEMO_ACCOUNT.email]),
    }
  } finally {
    await db.close()
  }
}

test.describe('account settings', () => {
  test('revoking another session signs that browser out', async ({ page, app, browser }) => {
    test.slow()
    const user = await signUpConfirmed(page, app, 'revoke')
    const other = await browser.newContext({ locale: 'en-US' })
    const otherPage = await other.newPage()
    await signIn(otherPage, app, user)
    await expect(otherPage).toHaveURL(`${app.baseURL}/dashboard/`)

    await gotoHydrated(page, `${app.baseURL}/dashboard/settings/account/`)
    const sessions = page.getByRole('region', { name: en['settings.account.sessions'] })
    await expect(sessions.getByRole('listitem')).toHaveCount(2)
    await expect(
      sessions.getByText(en['settings.account.thisDevice'], { exact: false }),
    ).toHaveCount(1)
    await sessions.getByRole('button', { name: en['settings.account.revoke'] }).click()
    await expect(sessions.getByText(en['settings.account.revoked'])).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(1)

    // The other browser still shows the dashboard: its next step that asks the server goes to
    // sign-in and on to where it was heading. (Screens whose data it already holds — the library's
    // first screen, the sidebar's tree — can still be shown from its memory until then.)
    await waitForHydration(otherPage)
    await otherPage
      .getByRole('navigation', { name: en['dashboard.nav.label'] })
      .getByRole('link', { name: en['dashboard.nav.settings'] })
      .click()
    await expect(otherPage).toHaveURL(
      `${app.baseURL}/login/?redirect=%2Fdashboard%2Fsettings%2Faccount%2F`,
    )
    await submitSignIn(otherPage, user)
    await expect(otherPage).toHaveURL(`${app.baseURL}/dashboard/settings/account/`)
    // This browser stays signed in.
    await page.reload()
    await expect(page).toHaveURL(`${app.baseURL}/dashboard/settings/account/`)
    await other.close()
  })

  test('deleting the account needs the password, says goodbye and leaves no row of the user', async ({
    page,
    app,
    browser,
    browserErrors,
  }) => {
    test.slow()
    browserErrors.allow(INVALID_SIGN_IN, /status of 400 .*\/api\/auth\/delete-user:0\)$/)
    const user = await signUpConfirmed(page, app, 'delete')
    const userId = await currentUserId(page, app)

    // More rows that name the user: a second session and a pending password reset.
    const other = await browser.newContext({ locale: 'en-US' })
    const otherPage = await other.newPage()
    await signIn(otherPage, app, user)
    await expect(otherPage).toHaveURL(`${app.baseURL}/dashboard/`)
    await gotoHydrated(otherPage, `${app.baseURL}/forgot-password/`)
    await otherPage.getByLabel(en['auth.field.email']).fill(user.email)
    await otherPage.getByRole('button', { name: en['auth.forgot.submit'] }).click()
    await app.sink.waitForMail({ to: user.email, subject: /./ })
    await other.close()

    await gotoHydrated(page, `${app.baseURL}/dashboard/settings/account/`)
    const danger = page.getByRole('region', { name: en['settings.account.delete'] })
    await danger.getByRole('button', { name: en['settings.account.deleteButton'] }).click()
    const dialog = page.getByRole('alertdialog', {
      name: en['settings.account.deleteDialog.title'],
    })
    const password = dialog.getByLabel(en['settings.account.deleteConfirm'])
    const remove = dialog.getByRole('button', { name: en['settings.account.deleteDialog.confirm'] })

    await remove.click()
    await expect(password).toHaveAccessibleDescription(en['auth.error.passwordRequired'])
    await password.fill('not-my-password')
    await remove.click()
    await expect(dialog.getByText(en['auth.error.wrongPassword'])).toBeVisible()

    await password.fill(user.password)
    await remove.click()
    await expect(page).toHaveURL(`${app.baseURL}/goodbye/`)
    await expect(page.getByRole('heading', { name: en['goodbye.title'] })).toBeVisible()
    await expect(page.getByRole('link', { name: en['common.signIn'] }).first()).toBeVisible()

    // The address no longer signs in.
    await signIn(page, app, user)
    await expect(page.getByText(en['auth.error.invalidCredentials'])).toBeVisible()

    // The database is read while the worker's server is stopped (one process may open it).
    await page.goto('about:blank')
    let rows: Awaited<ReturnType<typeof rowsOf>> | undefined
    await app.restart(async (dataDir) => {
      rows = await rowsOf(dataDir, userId, user.email)
    })
    expect(rows).toEqual({
      user: 0,
      session: 0,
      account: 0,
      verification: 0,
      used_confirmation_code: 0,
      mail_outbox: 0,
      demoUser: 1,
    })
  })
})
