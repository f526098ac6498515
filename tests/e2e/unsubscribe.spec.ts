import { messages as en } from '../../src/lib/i18n/messages/en'
import { expect, expectNoA11yViolations, gotoHydrated, test } from './fixtures'
import { setPreferences } from './support/preference-steps'

/*
 * The unsubscribe page of notification mails: opening it changes nothing,
 * it asks with a button; a token whose signature is wrong is refused. (A
 * valid token's effect is held by notifications.integration.test.ts.)
 */

const THEMES = ['light', 'dark'] as const
// The shape of a token, signed with nothing: the page words its question, the POST refuses it.
const UNSIGNED = `${Buffer.from('someone').toString('base64url')}.digest.${'A'.repeat(43)}`

for (const theme of THEMES) {
  test.describe(`unsubscribe page in the ${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setPreferences(context, baseURL, { theme })
    })

    test('asks first, refuses a token that is not ours, no WCAG A/AA violations', async ({
      page,
    }) => {
      await gotoHydrated(page, `/unsubscribe/?token=${UNSIGNED}`)
      await expect(page.getByText(en['notifyMail.unsubscribePage.digest'])).toBeVisible()
      await expectNoA11yViolations(page)
      await page.getByRole('button', { name: en['notifyMail.unsubscribePage.confirm'] }).click()
      await expect(page.getByRole('status')).toHaveText(en['notifyMail.unsubscribePage.invalid'])
      await expect(page).toHaveURL(/result=invalid/)
      await expectNoA11yViolations(page)
    })
  })
}

test('a link without a token says so and offers the settings', async ({ page }) => {
  await gotoHydrated(page, '/unsubscribe/')
  await expect(page.getByText(en['notifyMail.unsubscribePage.invalid'])).toBeVisible()
  await expect(
    page.getByRole('link', { name: en['notifyMail.unsubscribePage.settings'] }),
  ).toBeVisible()
  await expect(
    page.getByRole('button', { name: en['notifyMail.unsubscribePage.confirm'] }),
  ).toHaveCount(0)
})
