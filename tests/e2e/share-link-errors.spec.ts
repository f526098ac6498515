import { messages as en } from '../../src/lib/i18n/messages/en'
import { messages as es } from '../../src/lib/i18n/messages/es'
import { expect, expectNoA11yViolations, gotoHydrated, test } from './fixtures'
import { setPreferences } from './support/preference-steps'

/*
 * Issue 21, item 15: a share URL without a valid `permission` (chat apps
 * cut query strings off) answers 404 with a translated "incomplete link"
 * screen that says how to get the link again, never the error screen.
 */

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA'
const BROKEN = [
  `/share/group/${TOKEN}/`,
  `/share/group/${TOKEN}/?permission=admin`,
  `/share/group/${TOKEN}/?permission=`,
  `/share/folder/${TOKEN}/?permission=view`,
] as const

test.beforeEach(({ browserErrors }) => {
  // The browser logs the document's own 404; nothing else may fail.
  browserErrors.allow(/status of 404 .*\/share\/\S*:0\)$/)
})

for (const path of BROKEN) {
  test(`${path} answers 404 with the incomplete-link screen`, async ({ page }) => {
    const response = await gotoHydrated(page, path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['sharing.incomplete.title'])
    await expect(page.getByText(en['sharing.incomplete.howTo'])).toBeVisible()
    await expect(page.getByRole('link', { name: en['sharing.page.home'] })).toHaveAttribute(
      'href',
      '/',
    )
    await expect(page.getByText(en['error.title'])).toHaveCount(0)
    await expect(page.getByText(/invalid_value|Invalid option|"path"/)).toHaveCount(0)
  })
}

test('is shown in the chosen language', async ({ page, context, baseURL }) => {
  await setPreferences(context, baseURL, { language: 'es' })
  const response = await gotoHydrated(page, `/share/group/${TOKEN}/`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es['sharing.incomplete.title'])
  await expect(page.getByText(es['sharing.incomplete.howTo'])).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test(`has no WCAG A/AA violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
    await setPreferences(context, baseURL, { theme })
    await gotoHydrated(page, `/share/group/${TOKEN}/?permission=owner`)
    await expect(page.locator('html')).toHaveClass(theme)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['sharing.incomplete.title'])
    await expectNoA11yViolations(page)
  })
}
