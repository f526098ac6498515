import type { Page } from '@playwright/test'
import { NAME_MIN } from '../../src/features/auth/auth.schemas'
import { LOCALE_NATIVE_NAMES, LOCALE_TAGS } from '../../src/lib/i18n/locales'
import { messages as en, type Messages } from '../../src/lib/i18n/messages/en'
import { messages as pt } from '../../src/lib/i18n/messages/pt'
import { PASSWORD_MIN } from '../../src/lib/validation'
import { fill, gotoHydrated } from './fixtures'
import { type AppServer, expect, test } from './support/app-server'

/**
 * Every validation message of the sign-up, sign-in, forgot-password and
 * reset-password forms, for its own case, in English and in Portuguese.
 * The English texts are the ones the seed mandates, spelled out here on
 * purpose: a change of wording in the dictionary must fail this spec.
 */
const SEED_TEXTS = {
  'auth.error.nameRequired': 'Full name is required',
  'auth.error.nameShort': 'Name must be at least 2 characters long',
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Please enter a valid email address',
  'auth.error.passwordRequired': 'Password is required',
  'auth.error.passwordShort': 'Password must be at least 6 characters long',
  'auth.error.confirmRequired': 'Please confirm your password',
  'auth.error.passwordMismatch': 'Passwords do not match',
  'auth.error.termsRequired': 'Please accept the Terms of Service and Privacy Policy',
} as const

const LANGUAGES = [
  { locale: 'en', m: en },
  { locale: 'pt', m: pt },
] as const

type Texts = Record<keyof typeof SEED_TEXTS, string>

function textsOf(m: Messages): Texts {
  return {
    'auth.error.nameRequired': m['auth.error.nameRequired'],
    'auth.error.nameShort': fill(m['auth.error.nameShort'], { min: NAME_MIN }),
    'validation.emailRequired': m['validation.emailRequired'],
    'validation.emailInvalid': m['validation.emailInvalid'],
    'auth.error.passwordRequired': m['auth.error.passwordRequired'],
    'auth.error.passwordShort': fill(m['auth.error.passwordShort'], { min: PASSWORD_MIN }),
    'auth.error.confirmRequired': m['auth.error.confirmRequired'],
    'auth.error.passwordMismatch': m['auth.error.passwordMismatch'],
    'auth.error.termsRequired': m['auth.error.termsRequired'],
  }
}

test('the English validation texts are exactly the ones the seed mandates', () => {
  expect(textsOf(en)).toEqual(SEED_TEXTS)
})

/** Opens a page of the app and, for Portuguese, switches with the header's "Language" select. */
async function openIn(page: Page, app: AppServer, path: string, locale: 'en' | 'pt') {
  await gotoHydrated(page, `${app.baseURL}${path}`)
  if (locale !== 'en') {
    await page
      .getByRole('combobox', { name: en['language.label'] })
      .selectOption({ label: LOCALE_NATIVE_NAMES[locale] })
  }
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale])
}

/** The control is marked invalid and announces exactly this message. */
async function expectError(page: Page, label: string, message: string) {
  const control = page.getByLabel(label, { exact: true })
  await expect(control).toHaveAttribute('aria-invalid', 'true')
  await expect(control).toHaveAccessibleDescription(message)
  await expect(page.getByText(message, { exact: true })).toBeVisible()
}

async function expectValid(page: Page, label: string) {
  const control = page.getByLabel(label, { exact: true })
  await expect(control).not.toHaveAttribute('aria-invalid', 'true')
  await expect(control).toHaveAccessibleDescription('')
}

for (const { locale, m } of LANGUAGES) {
  const t = textsOf(m)

  test.describe(`validation messages in ${LOCALE_NATIVE_NAMES[locale]}`, () => {
    test('sign-up: required fields, name and password length, email format, mismatch, terms', async ({
      page,
      app,
    }) => {
      await openIn(page, app, '/register/', locale)
      const submit = page.getByRole('button', { name: m['auth.register.submit'] })
      const terms = page.getByRole('checkbox')

      // Nothing filled in: each field says it is required, and the terms must be accepted.
      await submit.click()
      await expectError(page, m['auth.field.fullName'], t['auth.error.nameRequired'])
      await expectError(page, m['auth.field.email'], t['validation.emailRequired'])
      await expectError(page, m['auth.field.password'], t['auth.error.passwordRequired'])
      await expectError(page, m['auth.field.confirmPassword'], t['auth.error.confirmRequired'])
      await expect(terms).toHaveAttribute('aria-invalid', 'true')
      await expect(terms).toHaveAccessibleDescription(t['auth.error.termsRequired'])

      // A one-letter name (spaces do not count), a malformed address, a short password.
      await page.getByLabel(m['auth.field.fullName']).fill('  A  ')
      await page.getByLabel(m['auth.field.email']).fill('ada@example')
      await page.getByLabel(m['auth.field.password'], { exact: true }).fill('12345')
      await page.getByLabel(m['auth.field.confirmPassword']).fill('12345')
      await submit.click()
      await expectError(page, m['auth.field.fullName'], t['auth.error.nameShort'])
      await expectError(page, m['auth.field.email'], t['validation.emailInvalid'])
      await expectError(page, m['auth.field.password'], t['auth.error.passwordShort'])
      await expectValid(page, m['auth.field.confirmPassword'])
      await expect(terms).toHaveAccessibleDescription(t['auth.error.termsRequired'])

      // Valid passwords that differ: told with this submit, while other fields are still wrong.
      await page.getByLabel(m['auth.field.password'], { exact: true }).fill('secret-one')
      await page.getByLabel(m['auth.field.confirmPassword']).fill('secret-two')
      await submit.click()
      await expectError(page, m['auth.field.confirmPassword'], t['auth.error.passwordMismatch'])
      await expectError(page, m['auth.field.fullName'], t['auth.error.nameShort'])
      await expect(terms).toHaveAccessibleDescription(t['auth.error.termsRequired'])

      // Everything right but the confirmation: only the mismatch is left, and nothing is sent.
      await page.getByLabel(m['auth.field.fullName']).fill('Ada Lovelace')
      await page.getByLabel(m['auth.field.email']).fill('ada.validation@example.com')
      await page.getByLabel(m['auth.field.password'], { exact: true }).fill('secret-one')
      await page.getByLabel(m['auth.field.confirmPassword']).fill('secret-two')
      await terms.check()
      await submit.click()
      await expectError(page, m['auth.field.confirmPassword'], t['auth.error.passwordMismatch'])
      for (const label of [
        m['auth.field.fullName'],
        m['auth.field.email'],
        m['auth.field.password'],
      ]) {
        await expectValid(page, label)
      }
      await expect(terms).not.toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByText(t['auth.error.termsRequired'])).toBeHidden()
      await expect(page.getByRole('heading', { name: m['auth.register.checkTitle'] })).toBeHidden()
      expect(app.sink.mailsTo('ada.validation@example.com')).toHaveLength(0)
    })

    test('sign-in: required fields, email format, password length', async ({ page, app }) => {
      await openIn(page, app, '/login/', locale)
      const submit = page.getByRole('button', { name: m['auth.login.submit'], exact: true })

      await submit.click()
      await expectError(page, m['auth.field.email'], t['validation.emailRequired'])
      await expectError(page, m['auth.field.password'], t['auth.error.passwordRequired'])

      await page.getByLabel(m['auth.field.email']).fill('not-an-email')
      await page.getByLabel(m['auth.field.password'], { exact: true }).fill('12345')
      await submit.click()
      await expectError(page, m['auth.field.email'], t['validation.emailInvalid'])
      await expectError(page, m['auth.field.password'], t['auth.error.passwordShort'])
      await expect(page).toHaveURL(`${app.baseURL}/login/`)
    })

    test('forgot password: required and malformed address', async ({ page, app }) => {
      await openIn(page, app, '/forgot-password/', locale)
      const submit = page.getByRole('button', { name: m['auth.forgot.submit'] })

      await submit.click()
      await expectError(page, m['auth.field.email'], t['validation.emailRequired'])

      await page.getByLabel(m['auth.field.email']).fill('ada@@example.com')
      await submit.click()
      await expectError(page, m['auth.field.email'], t['validation.emailInvalid'])
      await expect(page).toHaveURL(`${app.baseURL}/forgot-password/`)
    })

    test('reset password: required fields, length, mismatch', async ({ page, app }) => {
      await openIn(page, app, '/reset-password/some-token/', locale)
      const submit = page.getByRole('button', { name: m['auth.reset.submit'] })

      await submit.click()
      await expectError(page, m['auth.field.newPassword'], t['auth.error.passwordRequired'])
      await expectError(page, m['auth.field.confirmPassword'], t['auth.error.confirmRequired'])

      await page.getByLabel(m['auth.field.newPassword']).fill('12345')
      await page.getByLabel(m['auth.field.confirmPassword']).fill('12345')
      await submit.click()
      await expectError(page, m['auth.field.newPassword'], t['auth.error.passwordShort'])
      await expectValid(page, m['auth.field.confirmPassword'])

      await page.getByLabel(m['auth.field.newPassword']).fill('secret-one')
      await page.getByLabel(m['auth.field.confirmPassword']).fill('secret-two')
      await submit.click()
      await expectError(page, m['auth.field.confirmPassword'], t['auth.error.passwordMismatch'])
      await expectValid(page, m['auth.field.newPassword'])
    })
  })
}

test('errors already shown follow a change of language', async ({ page, app }) => {
  await openIn(page, app, '/login/', 'en')
  await page.getByRole('button', { name: en['auth.login.submit'], exact: true }).click()
  await expectError(page, en['auth.field.email'], en['validation.emailRequired'])
  await page
    .getByRole('combobox', { name: en['language.label'] })
    .selectOption({ label: LOCALE_NATIVE_NAMES.pt })
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS.pt)
  await expectError(page, pt['auth.field.email'], pt['validation.emailRequired'])
  await expectError(page, pt['auth.field.password'], pt['auth.error.passwordRequired'])
  await expect(page.getByRole('combobox', { name: pt['language.label'] })).toHaveValue('pt')
})
