import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { fill, gotoHydrated } from './fixtures'
import { expect, newUser, signIn, signUpConfirmed, submitSignIn, test } from './support/app-server'

test.describe('sign-in and sign-out', () => {
  // Most of these sign a fresh user up through the mail first: allow for a busy machine.
  test.beforeEach(() => test.slow())

  test('shows the demo account hint, and its button fills the form', async ({ page, app }) => {
    await gotoHydrated(page, `${app.baseURL}/login/`)
    await expect(
      page.getByText(
        fill(en['auth.login.demo'], { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
      ),
    ).toBeVisible()
    await page.getByRole('button', { name: en['auth.login.useDemo'] }).click()
    await expect(page.getByLabel(en['auth.field.email'])).toHaveValue(DEMO_ACCOUNT.email)
    await expect(page.getByLabel(en['auth.field.password'], { exact: true })).toHaveValue(
      DEMO_ACCOUNT.password,
    )
  })

  test('a wrong password and an unknown address get the same generic error', async ({
    page,
    app,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 401 .*\/api\/auth\/sign-in\/email:0\)$/)
    const user = await signUpConfirmed(page, app, 'wrong-password')
    await page.context().clearCookies()

    await signIn(page, app, { email: user.email, password: 'not-my-password' })
    const alert = page.getByText(en['auth.error.invalidCredentials'], { exact: true })
    await expect(alert).toBeVisible()
    await expect(page).toHaveURL(`${app.baseURL}/login/`)

    await signIn(page, app, { email: newUser('unknown').email, password: user.password })
    await expect(alert).toBeVisible()
    await expect(page).toHaveURL(`${app.baseURL}/login/`)
  })

  test('sign-out from the user menu, then sign-in again, lands on the dashboard', async ({
    page,
    app,
  }) => {
    const user = await signUpConfirmed(page, app, 'signout')
    await page
      .getByRole('button', { name: fill(en['dashboard.userMenu'], { name: user.name }) })
      .click()
    await page.getByRole('menuitem', { name: en['dashboard.signOut'] }).click()
    await expect(page).toHaveURL(`${app.baseURL}/login/`)
    await expect(page.getByRole('heading', { name: en['auth.login.title'] })).toBeVisible()

    // Signed out for real: the dashboard sends the visitor back to sign-in.
    await page.goto(`${app.baseURL}/dashboard/`)
    await expect(page).toHaveURL(`${app.baseURL}/login/?redirect=%2Fdashboard%2F`)

    await gotoHydrated(page, `${app.baseURL}/login/`)
    await submitSignIn(page, user)
    await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(en['dashboard.overview.greeting'], { name: user.name }),
    )
  })

  test('an anonymous visit to account settings comes back there after sign-in', async ({
    page,
    app,
  }) => {
    const user = await signUpConfirmed(page, app, 'return-to')
    await page.context().clearCookies()

    await page.goto(`${app.baseURL}/dashboard/settings/account/`)
    await expect(page).toHaveURL(
      `${app.baseURL}/login/?redirect=${encodeURIComponent('/dashboard/settings/account/')}`,
    )
    await expect(page.getByRole('heading', { name: en['auth.login.title'] })).toBeVisible()
    await page.waitForLoadState()
    await submitSignIn(page, user)
    await expect(page).toHaveURL(`${app.baseURL}/dashboard/settings/account/`)
    await expect(page.getByRole('heading', { name: en['settings.account.profile'] })).toBeVisible()
    await expect(page.getByLabel(en['auth.field.fullName'])).toHaveValue(user.name)
  })

  for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
    test(`a redirect to another site (${redirect}) is ignored after sign-in`, async ({
      page,
      app,
    }) => {
      const user = await signUpConfirmed(page, app, 'redirect')
      await page.context().clearCookies()
      // The parameter as an attacker would write it, unencoded.
      await gotoHydrated(page, `${app.baseURL}/login/?redirect=${redirect}`)
      await submitSignIn(page, user)
      await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        fill(en['dashboard.overview.greeting'], { name: user.name }),
      )

      // Signed in, the sign-in page itself forwards to the dashboard, not to the other site.
      await page.goto(`${app.baseURL}/login/?redirect=${redirect}`)
      await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
    })
  }
})
