import type { BrowserContext, Page } from '@playwright/test'
import { ACCENT_COLORS } from '../../src/features/appearance/appearance.schemas'
import { messages as en } from '../../src/lib/i18n/messages/en'
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
    expect(await bodyIsDark(page)).toBe(false)

    const popover = await openDisplaySettings(page)
    await popover.getByRole('radio', { name: en['appearance.theme.dark'] }).check()
    await expect(html(page)).toHaveClass('dark')
    await expect.poll(() => bodyIsDark(page)).toBe(true)

    const saved = await cookie(context, 'tubefold-theme')
    expect(saved?.value).toBe('dark')
    expectKeptForAYear(saved?.expires)

    await page.reload()
    await expect(html(page)).toHaveClass('dark')
    expect(await bodyIsDark(page)).toBe(true)

    // and back to light
    const again = await openDisplaySettings(page)
    await expect(again.getByRole('radio', { name: en['appearance.theme.dark'] })).toBeChecked()
    await again.getByRole('radio', { name: en['appearance.theme.light'] }).check()
    await expect(html(page)).toHaveClass('light')
    await expect.poll(() => bodyIsDark(page)).toBe(false)
  })

  test('system theme follows the operating system live', async ({ page }) => {
    await gotoHydrated(page, '/')
    const popover = await openDisplaySettings(page)
    await popover.getByRole('radio', { name: en['appearance.theme.light'] }).check()
    await popover.getByRole('radio', { name: en['appearance.theme.system'] }).check()
    await expect(html(page)).toHaveClass('system')

    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => bodyIsDark(page)).toBe(true)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => bodyIsDark(page)).toBe(false)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => bodyIsDark(page)).toBe(true)

    // A forced light theme ignores the system's dark preference.
    await popover.getByRole('radio', { name: en['appearance.theme.light'] }).check()
    await expect.poll(() => bodyIsDark(page)).toBe(false)
  })

  test('font size sets the root font size (14 / 16 / 18 px) and persists', async ({ page }) => {
    await gotoHydrated(page, '/')
    expect(await rootFontSize(page)).toBe('16px')
    const popover = await openDisplaySettings(page)

    await popover.getByRole('radio', { name: en['appearance.fontSize.small'] }).check()
    await expect(html(page)).toHaveAttribute('data-font-size', 'small')
    await expect.poll(() => rootFontSize(page)).toBe('14px')

    await popover.getByRole('radio', { name: en['appearance.fontSize.medium'] }).check()
    await expect(html(page)).toHaveAttribute('data-font-size', 'medium')
    await expect.poll(() => rootFontSize(page)).toBe('16px')

    await popover.getByRole('radio', { name: en['appearance.fontSize.large'] }).check()
    await expect(html(page)).toHaveAttribute('data-font-size', 'large')
    await expect.poll(() => rootFontSize(page)).toBe('18px')

    await page.reload()
    await expect(html(page)).toHaveAttribute('data-font-size', 'large')
    expect(await rootFontSize(page)).toBe('18px')
  })

  test('the accent colour changes the primary button colour', async ({ page }) => {
    await gotoHydrated(page, '/')
    const primaryButton = '#main a[href="/register/"].bg-primary'
    const blue = await computedColor(page, primaryButton, 'background-color')

    const popover = await openDisplaySettings(page)
    const seen = new Set<string>()
    for (const accent of ACCENT_COLORS) {
      const radio = popover.getByRole('radio', { name: en[`appearance.accent.${accent}`] })
      await radio.check()
      await expect(html(page)).toHaveAttribute('data-accent', accent)
      // The swatch shows exactly the colour the primary button takes.
      const swatch = await radio.locator('..').evaluate((label) => {
        label.id ||= `swatch-${Math.random().toString(36).slice(2)}`
        return `#${label.id}`
      })
      const expected = await computedColor(page, swatch, 'background-color')
      await expect
        .poll(() => computedColor(page, primaryButton, 'background-color'))
        .toEqual(expected)
      seen.add(JSON.stringify(expected))
    }
    expect(seen.size, 'every accent is a different colour').toBe(ACCENT_COLORS.length)

    await popover.getByRole('radio', { name: en['appearance.accent.green'] }).check()
    await expect
      .poll(() => computedColor(page, primaryButton, 'background-color'))
      .not.toEqual(blue)
    await page.reload()
    await expect(html(page)).toHaveAttribute('data-accent', 'green')
    expect(await computedColor(page, primaryButton, 'background-color')).not.toEqual(blue)
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
    await popover.getByRole('radio', { name: en['appearance.theme.dark'] }).check()
    await popover.getByRole('radio', { name: en['appearance.fontSize.large'] }).check()
    await page.keyboard.press('Escape')

    await page.getByRole('contentinfo').getByRole('link', { name: en['footer.terms'] }).click()
    await expect(page).toHaveURL(/\/terms$/)
    await expect(html(page)).toHaveClass('dark')
    await expect(html(page)).toHaveAttribute('data-font-size', 'large')

    await gotoHydrated(page, '/privacy')
    await expect(html(page)).toHaveClass('dark')
    expect(await bodyIsDark(page)).toBe(true)
    expect(await rootFontSize(page)).toBe('18px')
  })
})
