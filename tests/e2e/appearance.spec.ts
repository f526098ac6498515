import type { BrowserContext, Locator, Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { ACCENT_COLORS } from '../../src/lib/preferences/appearance.schemas'
import {
  bodyIsDark,
  computedColor,
  expect,
  gotoHydrated,
  openDisplaySettings,
  test,
} from './fixtures'

const YEAR_SECONDS = 365 * 24 * 60 * 60
const html = (page: Page) => page.locator('html')

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)
}

function expectKeptForAYear(expires: number | undefined) {
  expect(expires ?? 0).toBeGreaterThan(Date.now() / 1000 + YEAR_SECONDS - 86_400)
  expect(expires ?? 0).toBeLessThan(Date.now() / 1000 + YEAR_SECONDS + 86_400)
}

/**
 * Picks a radio as a person does: by clicking its visible label (the inputs
 * themselves are visually hidden behind segmented buttons and swatches).
 */
async function choose(scope: Locator, name: string) {
  const radio = scope.getByRole('radio', { name, exact: true })
  await radio.locator('xpath=..').click()
  await expect(radio).toBeChecked()
}

const rootFontSize = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).fontSize)

test.describe('display settings', () => {
  test('the popover opens from the header with every control, and Escape closes it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const popover = await openDisplaySettings(page)
    await expect(popover.getByRole('heading', { name: en['appearance.title'] })).toBeVisible()
    const groups = popover.getByRole('group')
    await expect(groups).toHaveCount(3)
    await expect(
      popover.getByRole('group', { name: en['appearance.theme'] }).getByRole('radio'),
    ).toHaveCount(3)
    await expect(
      popover.getByRole('group', { name: en['appearance.accentColor'] }).getByRole('radio'),
    ).toHaveCount(ACCENT_COLORS.length)
    await expect(
      popover.getByRole('group', { name: en['appearance.fontSize'] }).getByRole('radio'),
    ).toHaveCount(3)
    await expect(popover.getByRole('switch', { name: en['appearance.compactMode'] })).toBeVisible()
    await expect(popover.getByRole('switch', { name: en['appearance.animations'] })).toBeVisible()
    // Defaults
    await expect(popover.getByRole('radio', { name: en['appearance.theme.system'] })).toBeChecked()
    await expect(popover.getByRole('radio', { name: en['appearance.accent.blue'] })).toBeChecked()
    await expect(
      popover.getByRole('radio', { name: en['appearance.fontSize.medium'] }),
    ).toBeChecked()

    await page.keyboard.press('Escape')
    await expect(popover).toBeHidden()
  })

  test('dark theme paints the page dark and survives a reload', async ({ page, context }) => {
    await gotoHydrated(page, '/')
    await expect.poll(() => bodyIsDark(page)).toBe(false)

    const popover = await openDisplaySettings(page)
    await choose(popover, en['appearance.theme.dark'])
    await expect(html(page)).toHaveClass('dark')
    await expect.poll(() => bodyIsDark(page)).toBe(true)

    const saved = await cookie(context, 'tubefold-theme')
    expect(saved?.value).toBe('dark')
    expectKeptForAYear(saved?.expires)

    await page.reload()
    await expect(html(page)).toHaveClass('dark')
    await expect.poll(() => bodyIsDark(page)).toBe(true)

    // and back to light
    const again = await openDisplaySettings(page)
    await expect(again.getByRole('radio', { name: en['appearance.theme.dark'] })).toBeChecked()
    await choose(again, en['appearance.theme.light'])
    await expect(html(page)).toHaveClass('light')
    await expect.poll(() => bodyIsDark(page)).toBe(false)
  })

  test('system theme follows the operating system live', async ({ page }) => {
    await gotoHydrated(page, '/')
    const popover = await openDisplaySettings(page)
    await choose(popover, en['appearance.theme.light'])
    await choose(popover, en['appearance.theme.system'])
    await expect(html(page)).toHaveClass('system')

    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => bodyIsDark(page)).toBe(true)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => bodyIsDark(page)).toBe(false)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => bodyIsDark(page)).toBe(true)

    // A forced light theme ignores the system's dark preference.
    await choose(popover, en['appearance.theme.light'])
    await expect.poll(() => bodyIsDark(page)).toBe(false)
  })

  test('font size sets the root font size (14 / 16 / 18 px) and persists', async ({ page }) => {
    await gotoHydrated(page, '/')
    expect(await rootFontSize(page)).toBe('16px')
    const popover = await openDisplaySettings(page)

    await choose(popover, en['appearance.fontSize.small'])
    await expect(html(page)).toHaveAttribute('data-font-size', 'small')
    await expect.poll(() => rootFontSize(page)).toBe('14px')

    await choose(popover, en['appearance.fontSize.medium'])
    await expect(html(page)).toHaveAttribute('data-font-size', 'medium')
    await expect.poll(() => rootFontSize(page)).toBe('16px')

    await choose(popover, en['appearance.fontSize.large'])
    await expect(html(page)).toHaveAttribute('data-font-size', 'large')
    await expect.poll(() => rootFontSize(page)).toBe('18px')

    await page.reload()
    await expect(html(page)).toHaveAttribute('data-font-size', 'large')
    expect(await rootFontSize(page)).toBe('18px')
  })

  test('the accent colour changes the primary button colour', async ({ page }) => {
    await gotoHydrated(page, '/')
    const primaryButton = page
      .getByRole('region', { name: en['hero.title'] })
      .getByRole('link', { name: en['hero.primary'] })
    const buttonColor = () => computedColor(primaryButton, 'background-color')
    const blue = await buttonColor()

    const popover = await openDisplaySettings(page)
    const seen = new Set<string>()
    for (const accent of ACCENT_COLORS) {
      const label = en[`appearance.accent.${accent}`]
      await choose(popover, label)
      await expect(html(page)).toHaveAttribute('data-accent', accent)
      // The button takes exactly the colour its swatch shows (after its colour transition).
      const swatch = popover.getByRole('radio', { name: label }).locator('xpath=..')
      const expected = await computedColor(swatch, 'background-color')
      await expect.poll(buttonColor).toEqual(expected)
      seen.add(JSON.stringify(expected))
    }
    expect(seen.size, 'every accent is a different colour').toBe(ACCENT_COLORS.length)

    await choose(popover, en['appearance.accent.green'])
    await expect.poll(buttonColor).not.toEqual(blue)
    await page.reload()
    await expect(html(page)).toHaveAttribute('data-accent', 'green')
    expect(await buttonColor()).not.toEqual(blue)
  })

  test('compact mode and animations switches set their attributes and persist', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, '/')
    await expect(html(page)).toHaveAttribute('data-compact', 'false')
    await expect(html(page)).toHaveAttribute('data-animations', 'true')

    const popover = await openDisplaySettings(page)
    const compact = popover.getByRole('switch', { name: en['appearance.compactMode'] })
    const animations = popover.getByRole('switch', { name: en['appearance.animations'] })
    await expect(compact).not.toBeChecked()
    await expect(animations).toBeChecked()

    await compact.check()
    await expect(html(page)).toHaveAttribute('data-compact', 'true')
    await animations.uncheck()
    await expect(html(page)).toHaveAttribute('data-animations', 'false')

    const saved = await cookie(context, 'tubefold-appearance')
    expectKeptForAYear(saved?.expires)
    expect(JSON.parse(decodeURIComponent(saved?.value ?? '{}'))).toMatchObject({
      compactMode: true,
      animations: false,
    })

    await page.reload()
    await expect(html(page)).toHaveAttribute('data-compact', 'true')
    await expect(html(page)).toHaveAttribute('data-animations', 'false')
    const reopened = await openDisplaySettings(page)
    await expect(reopened.getByRole('switch', { name: en['appearance.compactMode'] })).toBeChecked()
    await expect(
      reopened.getByRole('switch', { name: en['appearance.animations'] }),
    ).not.toBeChecked()

    // Turning them back restores the defaults.
    await reopened.getByRole('switch', { name: en['appearance.compactMode'] }).uncheck()
    await reopened.getByRole('switch', { name: en['appearance.animations'] }).check()
    await expect(html(page)).toHaveAttribute('data-compact', 'false')
    await expect(html(page)).toHaveAttribute('data-animations', 'true')
  })

  test('preferences set on one page apply on the others', async ({ page }) => {
    await gotoHydrated(page, '/')
    const popover = await openDisplaySettings(page)
    await choose(popover, en['appearance.theme.dark'])
    await choose(popover, en['appearance.fontSize.large'])
    await page.keyboard.press('Escape')

    await page.getByRole('contentinfo').getByRole('link', { name: en['footer.terms'] }).click()
    await expect(page).toHaveURL(/\/terms$/)
    await expect(html(page)).toHaveClass('dark')
    await expect(html(page)).toHaveAttribute('data-font-size', 'large')

    await gotoHydrated(page, '/privacy')
    await expect(html(page)).toHaveClass('dark')
    await expect.poll(() => bodyIsDark(page)).toBe(true)
    expect(await rootFontSize(page)).toBe('18px')
  })
})
