import type { Page } from '@playwright/test'
import { TRIAL_DAYS } from '../../src/features/billing/plans'
import { LOCALE_NATIVE_NAMES, LOCALE_TAGS, type Locale } from '../../src/lib/i18n/locales'
import { messages as en, type Messages } from '../../src/lib/i18n/messages/en'
import { messages as es } from '../../src/lib/i18n/messages/es'
import { messages as pt } from '../../src/lib/i18n/messages/pt'
import { expect, fill, gotoHydrated, test } from './fixtures'

const DICTIONARIES: Record<Locale, Messages> = { en, pt, es }
const YEAR_SECONDS = 365 * 24 * 60 * 60

/** Switches the language with the header's select, labelled in the language currently shown. */
async function switchLanguage(page: Page, from: Locale, to: Locale) {
  await page
    .getByRole('combobox', { name: DICTIONARIES[from]['language.label'] })
    .selectOption({ label: LOCALE_NATIVE_NAMES[to] })
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[to])
}

/** Every section of the landing page, in the language `m`. */
async function expectLandingIn(page: Page, locale: Locale) {
  const m = DICTIONARIES[locale]
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale])
  await expect(page.getByRole('combobox', { name: m['language.label'] })).toHaveValue(locale)

  // Header navigation
  const nav = page.getByRole('banner').getByRole('navigation', { name: m['nav.primary'] })
  await expect(nav.getByRole('link')).toHaveText([
    m['nav.features'],
    m['nav.integrations'],
    m['nav.pricing'],
    m['nav.support'],
  ])
  await expect(page.getByRole('button', { name: m['appearance.open'] })).toBeVisible()

  // Hero
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['hero.title'])
  const hero = page.getByRole('region', { name: m['hero.title'] })
  await expect(hero.getByText(m['hero.subtitle'])).toBeVisible()
  await expect(hero.getByRole('link', { name: m['hero.primary'] })).toBeVisible()
  await expect(hero.getByRole('link', { name: m['hero.secondary'] })).toBeVisible()
  await expect(hero.getByText(fill(m['hero.trial'], { days: TRIAL_DAYS }))).toBeVisible()

  // Stats (its heading is for screen readers only)
  const stats = page.getByRole('region', { name: m['stats.title'] })
  await expect(stats.locator('dt')).toHaveText([
    m['stats.depth'],
    m['stats.formats'],
    m['stats.languages'],
    m['stats.quota'],
  ])

  // Features
  const features = page.locator('#features')
  await expect(features.getByRole('heading', { level: 2 })).toHaveText(m['features.title'])
  await expect(features.getByRole('heading', { level: 3 })).toHaveText([
    m['features.nesting.title'],
    m['features.icons.title'],
    m['features.feeds.title'],
    m['features.growth.title'],
    m['features.sharing.title'],
    m['features.importExport.title'],
  ])

  // Integrations
  const integrations = page.locator('#integrations')
  await expect(integrations.getByRole('heading', { level: 2 })).toHaveText(m['integrations.title'])
  await expect(integrations.getByRole('heading', { level: 3 })).toHaveText([
    m['integrations.youtube.title'],
    m['integrations.crunchyroll.title'],
    m['integrations.apps.title'],
    m['integrations.browser.title'],
  ])
  await expect(integrations.getByText(m['integrations.planned'])).toBeVisible()

  // Use-case stories
  const stories = page.getByRole('region', { name: m['stories.title'] })
  await expect(stories.getByRole('heading', { level: 2 })).toHaveText(m['stories.title'])
  await expect(stories.locator('figcaption')).toHaveText([
    m['stories.creator.role'],
    m['stories.agency.role'],
    m['stories.fan.role'],
  ])

  // Pricing: three plans, the trial on both paid ones
  const pricing = page.locator('#pricing')
  await expect(pricing.getByRole('heading', { level: 2 })).toHaveText(m['pricing.title'])
  await expect(pricing.getByRole('heading', { level: 3 })).toHaveText([
    m['pricing.plan.free'],
    m['pricing.plan.pro'],
    m['pricing.plan.business'],
  ])
  await expect(pricing.getByText(m['pricing.popular'])).toBeVisible()
  await expect(pricing.getByText(fill(m['pricing.trial'], { days: TRIAL_DAYS }))).toHaveCount(2)
  await expect(
    pricing.getByRole('link', { name: m['pricing.choose.free'], exact: true }),
  ).toBeVisible()
  await expect(
    pricing.getByRole('link', { name: m['pricing.choose.trial'], exact: true }),
  ).toHaveCount(2)

  // Call to action
  const cta = page.getByRole('region', { name: m['cta.title'] })
  await expect(cta.getByRole('heading', { level: 2 })).toHaveText(m['cta.title'])
  await expect(cta.getByRole('link', { name: m['cta.button'] })).toBeVisible()

  // Footer
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('heading', { level: 2 })).toHaveText([
    m['footer.product'],
    m['footer.help'],
    m['footer.legal'],
  ])
  await expect(footer.getByRole('link', { name: m['footer.terms'] })).toBeVisible()
  await expect(footer.getByRole('link', { name: m['footer.privacy'] })).toBeVisible()
  await expect(footer.getByText(m['footer.notAffiliated'])).toBeVisible()
}

test.describe('landing page in every language', () => {
  test('renders every section in English by default', async ({ page }) => {
    await gotoHydrated(page, '/')
    await expectLandingIn(page, 'en')
    await expect(page).toHaveTitle(en['meta.title.home'])
  })

  for (const locale of ['pt', 'es'] as const) {
    test(`renders every section in ${LOCALE_NATIVE_NAMES[locale]} after switching`, async ({
      page,
    }) => {
      await gotoHydrated(page, '/')
      await switchLanguage(page, 'en', locale)
      await expectLandingIn(page, locale)
    })
  }

  test('switching back to English restores the English texts', async ({ page }) => {
    await gotoHydrated(page, '/')
    await switchLanguage(page, 'en', 'pt')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pt['hero.title'])
    await switchLanguage(page, 'pt', 'en')
    await expectLandingIn(page, 'en')
  })
})

test('the chosen language survives a reload and applies to other pages', async ({
  page,
  context,
}) => {
  await gotoHydrated(page, '/')
  await switchLanguage(page, 'en', 'es')

  const cookie = (await context.cookies()).find((c) => c.name === 'tubefold-language')
  expect(cookie?.value).toBe('es')
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + YEAR_SECONDS - 86_400)

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expectLandingIn(page, 'es')

  await gotoHydrated(page, '/support/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es['support.title'])
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
})

test.describe('on a first visit', () => {
  test.use({ locale: 'pt-BR' })

  test('the language follows the browser', async ({ page }) => {
    await gotoHydrated(page, '/')
    await expectLandingIn(page, 'pt')
  })
})
