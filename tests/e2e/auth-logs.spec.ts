import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { gotoHydrated } from './fixtures'
import {
  confirmationLink,
  expect,
  newUser,
  openConfirmation,
  RESET_SUBJECT,
  signIn,
  signUp,
  test,
} from './support/app-server'
import { linkIn } from './support/smtp-sink'

test('no password, token, session cookie or secret appears in the server logs', async ({
  page,
  app,
  browserErrors,
}) => {
  test.slow()
  browserErrors.allow(/status of 401 .*\/api\/auth\/sign-in\/email:0\)$/)
  // The worker's server, restarted warm to log everything it logs at any level.
  await app.restart(undefined, { logLevel: 'debug' })
  const logsFrom = app.logs.length
  const secrets: Record<string, string> = {}
  const user = newUser('logs')
  secrets.password = user.password

  // Sign-up and confirmation.
  await signUp(page, app, user)
  const confirm = await confirmationLink(app, user.email)
  secrets.confirmationCode = decodeURIComponent(confirm.split('/subscriptions/confirm/')[1] ?? '')
  await openConfirmation(page, confirm)
  for (const cookie of await page.context().cookies(app.baseURL)) {
    if (cookie.httpOnly) secrets[`cookie ${cookie.name}`] = decodeURIComponent(cookie.value)
  }

  // A failed sign-in, then a password reset and a sign-in with the new password.
  await page.context().clearCookies()
  secrets.wrongPassword = `${user.password}-wrong`
  await signIn(page, app, { email: user.email, password: secrets.wrongPassword })
  await expect(page.getByText(en['auth.error.invalidCredentials'])).toBeVisible()
  await gotoHydrated(page, `${app.baseURL}/forgot-password/`)
  await page.getByLabel(en['auth.field.email']).fill(user.email)
  await page.getByRole('button', { name: en['auth.forgot.submit'] }).click()
  await expect(page.getByRole('heading', { name: en['auth.forgotSuccess.title'] })).toBeVisible()
  const reset = linkIn(
    await app.sink.waitForMail({ to: user.email, subject: RESET_SUBJECT }),
    '/reset-password/',
  )
  secrets.resetToken = decodeURIComponent(new URL(reset).pathname.split('/')[2] ?? '')
  secrets.newPassword = `${user.password}-new`
  await gotoHydrated(page, reset)
  await page.getByLabel(en['auth.field.newPassword']).fill(secrets.newPassword)
  await page.getByLabel(en['auth.field.confirmPassword']).fill(secrets.newPassword)
  await page.getByRole('button', { name: en['auth.reset.submit'] }).click()
  await expect(page.getByText(en['auth.reset.done'])).toBeVisible()
  await signIn(page, app, { email: user.email, password: secrets.newPassword })
  await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
  for (const cookie of await page.context().cookies(app.baseURL)) {
    if (cookie.httpOnly) secrets[`new cookie ${cookie.name}`] = decodeURIComponent(cookie.value)
  }

  // Everything is flushed once the server has stopped; it comes back at its usual level.
  await page.goto('about:blank')
  let logs = ''
  await app.restart(async (dataDir) => {
    secrets.authSecret = readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim()
    logs = app.logs.slice(logsFrom).join('\n')
  })

  // The capture works: the requests above were logged, their secret path segments redacted.
  expect(logs).toContain('"path":"/subscriptions/confirm/:redacted"')
  expect(logs).toContain('"path":"/reset-password/:redacted"')
  expect(logs).toContain('"msg":"mail sent"')

  expect(Object.keys(secrets)).toEqual(
    expect.arrayContaining([
      'cookie better-auth.session_token',
      'new cookie better-auth.session_token',
    ]),
  )
  for (const [name, value] of Object.entries(secrets)) {
    expect(value.length, `${name} was captured`).toBeGreaterThanOrEqual(6)
    // A session cookie is `token.signature`: neither half may show up on its own either.
    for (const part of [value, ...value.split('.').filter((piece) => piece.length >= 16)]) {
      expect(logs.includes(part), `${name} appears in the server logs`).toBe(false)
    }
  }
  expect(
    logs.toLowerCase().includes(user.email.toLowerCase()),
    'the address appears in the logs',
  ).toBe(false)
})
