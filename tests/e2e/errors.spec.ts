import { messages as en } from '../../src/lib/i18n/messages/en'
import { messages as pt } from '../../src/lib/i18n/messages/pt'
import { expect, gotoHydrated, test } from './fixtures'
import { setPreferences } from './support/preference-steps'

test.describe('not-found page', () => {
  // The browser logs the document's own 404; nothing else may fail.
  test.beforeEach(({ browserErrors }) => {
    browserErrors.allow(/status of 404 .*\(at http:\/\/[^/]+\/no-such-page\S*:0\)$/)
  })

  test('an unknown URL answers 404 with the not-found texts', async ({ page }) => {
    const response = await gotoHydrated(page, '/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['notFound.title'])
    await expect(page.getByText(en['notFound.message'])).toBeVisible()
    await expect(page.getByRole('button', { name: en['notFound.goBack'] })).toBeVisible()
    await expect(page.getByRole('link', { name: en['notFound.startOver'] })).toHaveAttribute(
      'href',
      '/',
    )
    await expect(page).toHaveTitle(/Group youtube subscriptions/)
  })

  test("'Go back' returns to the previous page", async ({ page }) => {
    await gotoHydrated(page, '/terms')
    await gotoHydrated(page, '/no-such-page-2')
    await page.getByRole('button', { name: en['notFound.goBack'] }).click()
    await expect(page).toHaveURL(/\/terms$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['terms.title'])
  })

  test("'Start Over' goes to the landing page", async ({ page }) => {
    await gotoHydrated(page, '/no-such-page/deeper')
    await page.getByRole('link', { name: en['notFound.startOver'] }).click()
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['hero.title'])
  })

  test('is shown in the chosen language', async ({ page, context, baseURL }) => {
    await setPreferences(context, baseURL, { language: 'pt' })
    const response = await gotoHydrated(page, '/no-such-page-pt')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pt['notFound.title'])
    await expect(page.getByText(pt['notFound.message'])).toBeVisible()
    await expect(page.getByRole('button', { name: pt['notFound.goBack'] })).toBeVisible()
    await expect(page.getByRole('link', { name: pt['notFound.startOver'] })).toBeVisible()
  })
})

test.describe('error screen', () => {
  // The deliberate failure is logged by the browser: the 500 and the error itself.
  test.beforeEach(({ browserErrors }) => {
    browserErrors.allow(
      /status of 500 .*\(at http:\/\/[^/]+\/dev\/error:0\)$/,
      /^console\.error: Error: Deliberate failure from \/dev\/error/,
    )
  })

  test('/dev/error shows the error screen and the toggle shows then hides the message', async ({
    page,
  }) => {
    await gotoHydrated(page, '/dev/error')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['error.title'])
    const message = page.getByText('Deliberate failure from /dev/error')
    await expect(message).toBeHidden()

    const show = page.getByRole('button', { name: en['error.show'] })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await show.click()
    await expect(message).toBeVisible()

    const hide = page.getByRole('button', { name: en['error.hide'] })
    await expect(hide).toHaveAttribute('aria-expanded', 'true')
    await hide.click()
    await expect(message).toBeHidden()
    await expect(page.getByRole('button', { name: en['error.show'] })).toBeVisible()
  })
})
