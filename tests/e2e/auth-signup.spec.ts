import { messages as en } from '../../src/lib/i18n/messages/en'
import { fill, gotoHydrated } from './fixtures'
import {
  CONFIRM_SUBJECT,
  confirmationLink,
  escapeRegExp,
  expect,
  newUser,
  openConfirmation,
  signUp,
  signUpConfirmed,
  submitSignIn,
  test,
} from './support/app-server'
import { linkIn } from './support/smtp-sink'

test.describe('sign-up and email confirmation', () => {
  // Most of these sign a fresh user up through the mail first: allow for a busy machine.
  test.beforeEach(() => test.slow())

  test('sign-up sends a confirmation mail whose link confirms, signs in and opens the dashboard', async ({
    page,
    app,
  }) => {
    const user = newUser('signup')
    await signUp(page, app, user)
    await expect(
      page.getByText(fill(en['auth.register.checkBody'], { email: user.email })),
    ).toBeVisible()

    const mail = await app.sink.waitForMail({ to: user.email, subject: CONFIRM_SUBJECT })
    expect(mail.subject).toBe(en['mail.confirm.subject'])
    const link = linkIn(mail, '/subscriptions/confirm/')
    expect(new URL(link).origin).toBe(app.baseURL)
    // The plain-text and HTML parts carry the same link.
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'))

    await openConfirmation(page, link)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(en['dashboard.overview.greeting'], { name: user.name }),
    )
    await expect(
      page.getByText(`${user.email} · ${en['dashboard.overview.emailConfirmed']}`),
    ).toBeVisible()
    await expect(
      page.getByText(fill(en['auth.banner.unverified'], { email: user.email })),
    ).toBeHidden()
    await expect(
      page.getByRole('button', { name: fill(en['dashboard.userMenu'], { name: user.name }) }),
    ).toBeVisible()
  })

  test('a confirmation link used twice shows "already used" with a way to get a new link', async ({
    page,
    app,
  }) => {
    const user = newUser('reuse')
    await signUp(page, app, user)
    const link = await confirmationLink(app, user.email)
    await openConfirmation(page, link)

    // Signed out (another browser), the same link is refused.
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page.getByText(en['auth.confirm.used.title'])).toBeVisible()
    await expect(page.getByText(en['auth.confirm.used.body'])).toBeVisible()
    await expect(page).toHaveURL(link)
    const sendNew = page.getByRole('button', { name: en['auth.confirm.sendNew'] })
    await expect(sendNew).toBeVisible()
    await expect(page.getByRole('link', { name: en['auth.forgot.back'] })).toBeVisible()

    // Asking for a new link for an already confirmed address answers the same and sends nothing
    // (the server sends before it answers, so the sink has every mail by now).
    await page.getByLabel(en['auth.field.email']).fill(user.email)
    await sendNew.click()
    await expect(page.getByText(fill(en['auth.confirm.sent'], { email: user.email }))).toBeVisible()
    expect(app.sink.mailsTo(user.email)).toHaveLength(1)
  })

  test('a garbage confirmation code is reported as not valid', async ({ page, app }) => {
    await gotoHydrated(page, `${app.baseURL}/subscriptions/confirm/not-a-real-code-at-all`)
    await expect(page.getByText(en['auth.confirm.invalid.title'])).toBeVisible()
    await expect(page.getByRole('button', { name: en['auth.confirm.sendNew'] })).toBeVisible()
  })

  test('signing up again with a taken address answers the same and warns the owner by mail', async ({
    page,
    app,
  }) => {
    const user = await signUpConfirmed(page, app, 'taken')
    await page.context().clearCookies()
    await signUp(page, app, { ...user, name: 'Someone Else', password: 'another-password' })
    const warning = await app.sink.waitForMail({
      to: user.email,
      subject: new RegExp(escapeRegExp(en['mail.existing.subject'])),
    })
    expect(linkIn(warning, '/forgot-password/')).toBe(`${app.baseURL}/forgot-password/`)
    // No second confirmation mail for the existing account.
    expect(
      app.sink.mailsTo(user.email).filter((mail) => CONFIRM_SUBJECT.test(mail.subject)),
    ).toHaveLength(1)
  })

  test('an unconfirmed user can sign in, sees the banner and can get a new link from it', async ({
    page,
    app,
  }) => {
    const user = newUser('banner')
    await signUp(page, app, user)
    const first = await confirmationLink(app, user.email)

    await gotoHydrated(page, `${app.baseURL}/login/`)
    await submitSignIn(page, user)
    await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
    const banner = page.getByRole('status').filter({
      hasText: fill(en['auth.banner.unverified'], { email: user.email }),
    })
    await expect(banner).toBeVisible()
    await expect(
      page.getByText(`${user.email} · ${en['dashboard.overview.emailPending']}`),
    ).toBeVisible()
    await banner.getByRole('button', { name: en['auth.banner.resend'] }).click()
    await expect(banner.getByText(en['auth.banner.sent'])).toBeVisible()

    const second = await confirmationLink(app, user.email)
    expect(second).not.toBe(first)
    await openConfirmation(page, second)
    await expect(
      page.getByText(fill(en['auth.banner.unverified'], { email: user.email })),
    ).toBeHidden()
  })

  test('a signed-in visitor to /login/ or /register/ goes on to the dashboard', async ({
    page,
    app,
  }) => {
    await signUpConfirmed(page, app, 'guest-only')
    for (const path of ['/login/', '/register/']) {
      await page.goto(`${app.baseURL}${path}`)
      await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        fill(en['dashboard.overview.greeting'], { name: '' }).trim(),
      )
    }
  })
})
