import type { Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { expect, newUser, signUp, submitSignIn, test } from './support/app-server'
import { setPreferences } from './support/preference-steps'

const THEMES = ['light', 'dark'] as const

/** Each auth screen, and what shows once it has settled. */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/login/',
    ready: (page) =>
      expect(page.getByRole('heading', { name: en['auth.login.title'] })).toBeVisible(),
  },
  {
    path: '/register/',
    ready: (page) =>
      expect(page.getByRole('heading', { name: en['auth.register.title'] })).toBeVisible(),
  },
  {
    path: '/forgot-password/',
    ready: (page) =>
      expect(page.getByRole('heading', { name: en['auth.forgot.title'] })).toBeVisible(),
  },
  {
    path: '/forgot-password/success/x@example.com/',
    ready: (page) =>
      expect(
        page.getByText(fill(en['auth.forgotSuccess.body'], { email: 'x@example.com' })),
      ).toBeVisible(),
  },
  {
    path: '/reset-password/x/',
    ready: (page) =>
      expect(page.getByRole('heading', { name: en['auth.reset.title'] })).toBeVisible(),
  },
  {
    path: '/subscriptions/confirm/x',
    ready: (page) => expect(page.getByText(en['auth.confirm.invalid.title'])).toBeVisible(),
  },
]

for (const theme of THEMES) {
  test.describe(`auth screens in the ${theme} theme`, () => {
    test.beforeEach(async ({ context, app }) => {
      await setPreferences(context, app.baseURL, { theme })
    })

    for (const { path, ready } of PAGES) {
      test(`${path} has no WCAG A/AA violations`, async ({ page, app }) => {
        await gotoHydrated(page, `${app.baseURL}${path}`)
        await expect(page.locator('html')).toHaveClass(theme)
        await ready(page)
        await expectNoA11yViolations(page)
      })
    }

    test('/register/ and /login/ with their validation errors have no WCAG A/AA violations', async ({
      page,
      app,
    }) => {
      await gotoHydrated(page, `${app.baseURL}/register/`)
      await page.getByRole('button', { name: en['auth.register.submit'] }).click()
      await expect(page.getByText(en['auth.error.termsRequired'])).toBeVisible()
      await expectNoA11yViolations(page)

      await gotoHydrated(page, `${app.baseURL}/login/`)
      await page.getByLabel(en['auth.field.email']).fill('not-an-email')
      await page.getByRole('button', { name: en['auth.login.submit'], exact: true }).click()
      await expect(page.getByText(en['validation.emailInvalid'])).toBeVisible()
      await expectNoA11yViolations(page)
    })

    test('the dashboard shell (overview, account, appearance, mobile drawer) has no WCAG A/AA violations', async ({
      page,
      app,
    }) => {
      test.slow()
      // An unconfirmed account, so the reminder banner is checked too.
      const user = newUser(`a11y-${theme}`)
      await signUp(page, app, user)
      await expect(
        page.getByRole('heading', { name: en['auth.register.checkTitle'] }),
      ).toBeVisible()
      await expectNoA11yViolations(page)
      await gotoHydrated(page, `${app.baseURL}/login/`)
      await submitSignIn(page, user)
      await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
      await expect(page.locator('html')).toHaveClass(theme)

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        fill(en['dashboard.overview.greeting'], { name: user.name }),
      )
      await expect(
        page.getByText(fill(en['auth.banner.unverified'], { email: user.email })),
      ).toBeVisible()
      await expectNoA11yViolations(page)

      await gotoHydrated(page, `${app.baseURL}/dashboard/settings/account/`)
      await expect(
        page.getByRole('heading', { name: en['settings.account.sessions'] }),
      ).toBeVisible()
      await expect(
        page.getByRole('button', { name: en['settings.account.deleteButton'] }),
      ).toBeVisible()
      await expectNoA11yViolations(page)

      await gotoHydrated(page, `${app.baseURL}/dashboard/settings/appearance/`)
      await expect(
        page.getByRole('heading', { name: en['settings.appearance.title'] }),
      ).toBeVisible()
      await expectNoA11yViolations(page)

      // Narrow screen: the sidebar becomes a drawer.
      await page.setViewportSize({ width: 390, height: 844 })
      await gotoHydrated(page, `${app.baseURL}/dashboard/`)
      await page.getByRole('button', { name: en['dashboard.openNav'] }).click()
      const drawer = page.getByRole('dialog', { name: en['dashboard.nav.label'] })
      await expect(drawer).toBeVisible()
      await expect(drawer.getByRole('link', { name: en['dashboard.nav.settings'] })).toBeVisible()
      await expectNoA11yViolations(page)
    })
  })
}
