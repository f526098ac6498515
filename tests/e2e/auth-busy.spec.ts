import type { Page, Request } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { fill, gotoHydrated } from './fixtures'
import { expect, fillSignUpForm, newUser, signUp, test } from './support/app-server'

/**
 * Holds the requests `matches` picks until `release()`, so the busy state of
 * a form can be seen for sure; then they go through unchanged.
 */
async function holdRequests(page: Page, matches: (request: Request) => boolean) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let seen = 0
  await page.route('**/*', async (route) => {
    if (matches(route.request())) {
      seen += 1
      await held
    }
    await route.fallback()
  })
  return { release, seen: () => seen }
}

const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith(path)

test.describe('busy labels while a request is on its way', () => {
  test('sign-up shows "Creating account..." on a disabled button', async ({ page, app }) => {
    const user = newUser('busy-signup')
    await gotoHydrated(page, `${app.baseURL}/register/`)
    await fillSignUpForm(page, user)
    const hold = await holdRequests(page, isPost('/_serverFn/'))

    await page.getByRole('button', { name: en['auth.register.submit'] }).click()
    const busy = page.getByRole('button', { name: en['auth.register.busy'] })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    expect(hold.seen()).toBe(1)
    hold.release()
    await expect(page.getByRole('heading', { name: en['auth.register.checkTitle'] })).toBeVisible()
    await expect(busy).toBeHidden()
  })

  test('sign-in shows "Signing in..." on a disabled button', async ({
    page,
    app,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 401 .*\/api\/auth\/sign-in\/email:0\)$/)
    await gotoHydrated(page, `${app.baseURL}/login/`)
    await page.getByLabel(en['auth.field.email']).fill('nobody-busy@example.com')
    await page.getByLabel(en['auth.field.password'], { exact: true }).fill('not-the-password')
    const hold = await holdRequests(page, isPost('/api/auth/sign-in/email'))

    const submit = page.getByRole('button', { name: en['auth.login.submit'], exact: true })
    await submit.click()
    const busy = page.getByRole('button', { name: en['auth.login.busy'] })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    hold.release()
    await expect(page.getByText(en['auth.error.invalidCredentials'])).toBeVisible()
    await expect(submit).toBeEnabled()
  })

  test('forgot password shows "Sending..." on a disabled button, then the success page', async ({
    page,
    app,
  }) => {
    await gotoHydrated(page, `${app.baseURL}/forgot-password/`)
    await page.getByLabel(en['auth.field.email']).fill('nobody-forgot@example.com')
    const hold = await holdRequests(page, isPost('/api/auth/request-password-reset'))

    await page.getByRole('button', { name: en['auth.forgot.submit'] }).click()
    const busy = page.getByRole('button', { name: en['auth.forgot.busy'] })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    hold.release()
    await expect(page).toHaveURL(
      `${app.baseURL}/forgot-password/success/nobody-forgot%40example.com/`,
    )
    await expect(page.getByRole('heading', { name: en['auth.forgotSuccess.title'] })).toBeVisible()
  })

  test('reset password shows "Saving..." on a disabled button', async ({
    page,
    app,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 400 .*\/api\/auth\/reset-password:0\)$/)
    await gotoHydrated(page, `${app.baseURL}/reset-password/held-token/`)
    await page.getByLabel(en['auth.field.newPassword']).fill('a-new-password')
    await page.getByLabel(en['auth.field.confirmPassword']).fill('a-new-password')
    const hold = await holdRequests(page, isPost('/api/auth/reset-password'))

    await page.getByRole('button', { name: en['auth.reset.submit'] }).click()
    const busy = page.getByRole('button', { name: en['auth.reset.busy'] })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    hold.release()
    await expect(page.getByText(en['auth.error.tokenInvalid'])).toBeVisible()
  })

  test('"Send a new link" shows "Sending..." on a disabled button', async ({ page, app }) => {
    const user = newUser('busy-resend')
    await signUp(page, app, user)
    const hold = await holdRequests(page, isPost('/api/auth/send-verification-email'))

    await page.getByRole('button', { name: en['auth.confirm.sendNew'] }).click()
    const busy = page.getByRole('button', { name: en['auth.confirm.sending'] })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    hold.release()
    await expect(page.getByText(fill(en['auth.confirm.sent'], { email: user.email }))).toBeVisible()
  })
})
