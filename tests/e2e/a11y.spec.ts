import { messages as en } from '../../src/lib/i18n/messages/en'
import { expect, expectNoA11yViolations, gotoHydrated, openDisplaySettings, test } from './fixtures'
import { setPreferences } from './support/preference-steps'

const PAGES = ['/', '/terms', '/privacy', '/support/'] as const
const THEMES = ['light', 'dark'] as const

for (const theme of THEMES) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setPreferences(context, baseURL, { theme })
    })

    for (const path of PAGES) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await gotoHydrated(page, path)
        await expect(page.locator('html')).toHaveClass(theme)
        await expectNoA11yViolations(page)
      })
    }

    test('/ with the display settings open has no WCAG A/AA violations', async ({ page }) => {
      await gotoHydrated(page, '/')
      await openDisplaySettings(page)
      await expectNoA11yViolations(page)
    })

    test('the not-found page has no WCAG A/AA violations', async ({ page, browserErrors }) => {
      browserErrors.allow(/status of 404 .*\/no-such-page-a11y:0\)$/)
      await gotoHydrated(page, '/no-such-page-a11y')
      await expect(page.getByRole('heading', { name: en['notFound.title'] })).toBeVisible()
      await expectNoA11yViolations(page)
    })

    test('the error screen with its message shown has no WCAG A/AA violations', async ({
      page,
      browserErrors,
    }) => {
      browserErrors.allow(
        /status of 500 .*\/dev\/error:0\)$/,
        /^console\.error: Error: Deliberate failure from \/dev\/error/,
      )
      await gotoHydrated(page, '/dev/error')
      await page.getByRole('button', { name: en['error.show'] }).click()
      await expect(page.getByText('Deliberate failure from /dev/error')).toBeVisible()
      await expectNoA11yViolations(page)
    })

    test('/support/ with validation errors has no WCAG A/AA violations', async ({ page }) => {
      await gotoHydrated(page, '/support/')
      await page.getByRole('button', { name: en['support.contact.submit'] }).click()
      await expect(page.getByText(en['validation.emailRequired'])).toBeVisible()
      await expectNoA11yViolations(page)
    })
  })
}

test('the axe check still fails on a violation that stays after its second look', async ({
  page,
}) => {
  await page.setContent('<html lang="en"><title>t</title><main><input type="text"></main></html>')
  await expect(expectNoA11yViolations(page)).rejects.toThrow(/accessibility violations .*label/)
})
