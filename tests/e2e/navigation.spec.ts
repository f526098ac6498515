import { messages as en } from '../../src/lib/i18n/messages/en'
import { messages as pt } from '../../src/lib/i18n/messages/pt'
import { expect, fill, gotoHydrated, test } from './fixtures'

const TITLE_PART = 'Group youtube subscriptions'

test.describe('navigation', () => {
  test('internal links keep the rootValue search param', async ({ page }) => {
    await gotoHydrated(page, '/?rootValue=kept-42')
    const footer = page.getByRole('contentinfo')

    await footer.getByRole('link', { name: en['footer.terms'] }).click()
    await expect(page).toHaveURL(/\/terms\?rootValue=kept-42$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['terms.title'])

    await footer.getByRole('link', { name: en['footer.privacy'] }).click()
    await expect(page).toHaveURL(/\/privacy\?rootValue=kept-42$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['privacy.title'])

    await page
      .getByRole('banner')
      .getByRole('link', { name: en['nav.support'], exact: true })
      .click()
    await expect(page).toHaveURL(/\/support\/\?rootValue=kept-42$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['support.title'])

    await page.getByRole('link', { name: en['common.home'] }).click()
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/\?rootValue=kept-42$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['hero.title'])

    // Section links keep it too, before the hash.
    await page.getByRole('banner').getByRole('link', { name: en['nav.pricing'] }).click()
    await expect(page).toHaveURL(/\/\?rootValue=kept-42#pricing$/)
  })

  test('links render with rootValue in their href on the server too', async ({ page }) => {
    await page.goto('/terms?rootValue=ssr')
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: en['footer.privacy'] }),
    ).toHaveAttribute('href', '/privacy?rootValue=ssr')
  })

  test('without rootValue the links stay clean', async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.getByRole('contentinfo').getByRole('link', { name: en['footer.terms'] }).click()
    await expect(page).toHaveURL(/\/terms$/)
  })
})

test.describe('page titles', () => {
  const pages = [
    { path: '/', title: en['meta.title.home'] },
    { path: '/terms', title: fill(en['meta.title.suffix'], { title: en['meta.title.terms'] }) },
    {
      path: '/privacy',
      title: fill(en['meta.title.suffix'], { title: en['meta.title.privacy'] }),
    },
    {
      path: '/support/',
      title: fill(en['meta.title.suffix'], { title: en['meta.title.support'] }),
    },
  ]

  for (const { path, title } of pages) {
    test(`${path} has its own title containing '${TITLE_PART}'`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveTitle(title)
      await expect(page).toHaveTitle(new RegExp(TITLE_PART))
    })
  }

  test('titles follow client-side navigation and the language', async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.getByRole('contentinfo').getByRole('link', { name: en['footer.terms'] }).click()
    await expect(page).toHaveTitle(fill(en['meta.title.suffix'], { title: en['meta.title.terms'] }))

    await page.getByRole('combobox', { name: en['language.label'] }).selectOption('pt')
    await expect(page).toHaveTitle(fill(pt['meta.title.suffix'], { title: pt['meta.title.terms'] }))
    await expect(page).toHaveTitle(new RegExp(TITLE_PART))
  })
})
