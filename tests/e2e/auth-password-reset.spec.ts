import { PGlite } from '@electric-sql/pglite'
import type { Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { clickForAnswer, fill, gotoHydrated } from './fixtures'
import {
  type AppServer,
  expect,
  newUser,
  RESET_SUBJECT,
  signIn,
  signUpConfirmed,
  test,
} from './support/app-server'
import { linkIn } from './support/smtp-sink'

/** The resend button's cooldown the seed asks for (resend-reset.tsx). */
const RESEND_COOLDOWN_SECONDS = 60
const INVALID_SIGN_IN = /status of 401 .*\/api\/auth\/sign-in\/email:0\)$/
const INVALID_RESET = /status of 400 .*\/api\/auth\/reset-password:0\)$/

/**
 * Fills and sends the forgot-password form (`beforeSend` runs just before the
 * click); waits for the success page.
 */
async function requestReset(
  page: Page,
  app: AppServer,
  email: string,
  beforeSend?: () => Promise<void>,
) {
  await gotoHydrated(page, `${app.baseURL}/forgot-password/`)
  await page.getByLabel(en['auth.field.email']).fill(email)
  await beforeSend?.()
  await clickForAnswer(
    page,
    page.getByRole('button', { name: en['auth.forgot.submit'] }),
    '/api/auth/request-password-reset',
  )
  await expect(page).toHaveURL(
    `${app.baseURL}/forgot-password/success/${encodeURIComponent(email)}/`,
  )
  await expect(page.getByText(fill(en['auth.forgotSuccess.body'], { email }))).toBeVisible()
}

async function resetLink(app: AppServer, email: string) {
  return linkIn(
    await app.sink.waitForMail({ to: email, subject: RESET_SUBJECT }),
    '/reset-password/',
  )
}

async function chooseNewPassword(page: Page, link: string, password: string) {
  await gotoHydrated(page, link)
  await page.getByLabel(en['auth.field.newPassword']).fill(password)
  await page.getByLabel(en['auth.field.confirmPassword']).fill(password)
  await clickForAnswer(
    page,
    page.getByRole('button', { name: en['auth.reset.submit'] }),
    '/api/auth/reset-password',
  )
}

test.describe('password reset', () => {
  test('forgot → success → resend after the cooldown → reset: new password works, old fails, other sessions end', async ({
    page,
    app,
    browser,
    browserErrors,
  }) => {
    test.slow()
    browserErrors.allow(INVALID_SIGN_IN, INVALID_RESET)
    // Signed in here (the "other device") before the reset.
    const user = await signUpConfirmed(page, app, 'reset')

    // The reset itself happens in another browser, signed out, with a controllable clock.
    const context = await browser.newContext({ locale: 'en-US' })
    const anonymous = await context.newPage()
    await anonymous.clock.install()
    // Paused before the success page starts its countdown, so only runFor moves it: a running
    // clock would tick on during every wait of a slow machine. The margin keeps the pause
    // ahead of the page's clock; nothing on the form depends on the jump.
    await requestReset(anonymous, app, user.email, () =>
      anonymous.clock.pauseAt(Date.now() + 60_000),
    )
    const firstLink = await resetLink(app, user.email)

    // The resend button waits out its cooldown, counting down.
    const countdown = anonymous.getByRole('button', {
      name: fill(en['auth.forgotSuccess.resendIn'], { seconds: RESEND_COOLDOWN_SECONDS }),
    })
    await expect(countdown).toBeVisible()
    await expect(countdown).toBeDisabled()
    await anonymous.clock.runFor(1_000)
    await expect(
      anonymous.getByRole('button', {
        name: fill(en['auth.forgotSuccess.resendIn'], { seconds: RESEND_COOLDOWN_SECONDS - 1 }),
      }),
    ).toBeDisabled()
    for (let second = 1; second < RESEND_COOLDOWN_SECONDS; second += 1) {
      await anonymous.clock.runFor(1_000)
    }
    const resend = anonymous.getByRole('button', { name: en['auth.forgotSuccess.resend'] })
    await expect(resend).toBeEnabled()
    await clickForAnswer(anonymous, resend, '/api/auth/request-password-reset')
    await expect(anonymous.getByText(en['auth.forgotSuccess.resent'])).toBeVisible()
    await expect(
      anonymous.getByRole('button', {
        name: fill(en['auth.forgotSuccess.resendIn'], { seconds: RESEND_COOLDOWN_SECONDS }),
      }),
    ).toBeDisabled()
    await expect(anonymous.getByRole('link', { name: en['auth.forgot.back'] })).toBeVisible()
    // The rest of the flow waits on the app's own timers.
    await anonymous.clock.resume()
    const secondLink = await resetLink(app, user.email)
    expect(secondLink).not.toBe(firstLink)

    // The latest link sets the new password.
    const newPassword = `${user.password}-new`
    await chooseNewPassword(anonymous, secondLink, newPassword)
    await expect(anonymous.getByText(en['auth.reset.done'])).toBeVisible()
    await anonymous.getByRole('link', { name: en['auth.forgot.back'] }).click()
    await expect(anonymous).toHaveURL(`${app.baseURL}/login/`)

    // The old password no longer works; the new one does.
    await signIn(anonymous, app, user)
    await expect(anonymous.getByText(en['auth.error.invalidCredentials'])).toBeVisible()
    await signIn(anonymous, app, { email: user.email, password: newPassword })
    await expect(anonymous).toHaveURL(`${app.baseURL}/dashboard/`)

    // The browser that was signed in before the reset is signed out.
    await page.goto(`${app.baseURL}/dashboard/`)
    await expect(page).toHaveURL(`${app.baseURL}/login/?redirect=%2Fdashboard%2F`)

    // A used link cannot be used again.
    await chooseNewPassword(page, secondLink, 'yet-another-password')
    await expect(page.getByText(en['auth.error.tokenInvalid'])).toBeVisible()
    await context.close()
  })

  test('an unknown address also continues to the success page, and no mail is sent', async ({
    page,
    app,
  }) => {
    const email = newUser('nobody').email
    await requestReset(page, app, email)
    await expect(page.getByRole('heading', { name: en['auth.forgotSuccess.title'] })).toBeVisible()
    expect(app.sink.mailsTo(email)).toHaveLength(0)
  })

  test('a garbage reset token gives the invalid-link error', async ({
    page,
    app,
    browserErrors,
  }) => {
    browserErrors.allow(INVALID_RESET)
    await chooseNewPassword(
      page,
      `${app.baseURL}/reset-password/garbage-token-123/`,
      'new-password',
    )
    await expect(page.getByText(en['auth.error.tokenInvalid'])).toBeVisible()
    await expect(page.getByRole('button', { name: en['auth.reset.submit'] })).toBeEnabled()
  })

  test('an expired reset token gives the invalid-link error and leaves the password alone', async ({
    page,
    app,
    browserErrors,
  }) => {
    // The server stops and starts again (warm) around the token's ageing.
    test.slow()
    browserErrors.allow(INVALID_RESET, INVALID_SIGN_IN)
    const user = await signUpConfirmed(page, app, 'expired')
    await page.context().clearCookies()
    await requestReset(page, app, user.email)
    const link = await resetLink(app, user.email)

    // The token is aged in the database, which only one process may open: the server steps aside.
    // Leave the app first, so the page does not report failed requests.
    await page.goto('about:blank')
    await app.restart(async (dataDir) => {
      const db = await PGlite.create(`${dataDir}/pglite`)
      try {
        const aged = await db.query(
          `update verification set expires_at = now() - interval '1 minute'
           where value = (select id from "user" where email = $1)`,
          [user.email],
        )
        expect(aged.affectedRows).toBe(1)
      } finally {
        await db.close()
      }
    })

    await chooseNewPassword(page, link, 'a-brand-new-password')
    await expect(page.getByText(en['auth.error.tokenInvalid'])).toBeVisible()
    await signIn(page, app, { email: user.email, password: 'a-brand-new-password' })
    await expect(page.getByText(en['auth.error.invalidCredentials'])).toBeVisible()
    await signIn(page, app, user)
    await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
  })
})
