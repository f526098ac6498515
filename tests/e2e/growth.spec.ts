import type { Locator, Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { type AppServer, expect, signIn, test } from './support/app-server'
import { groupTree } from './support/organiser-steps'

/*
 * Growth analytics in Chromium on the demo account, whose seed writes ~120
 * days of snapshots per channel: the overview's reach, the Growth tab of a
 * group with subgroups (chart, delta tiles, range and figure switches, top
 * growers) and a channel page, each axe-clean. Read-only: the demo library
 * is shared by the tests of the worker.
 */

test.describe.configure({ timeout: 120_000 })

/**
 * Picks a radio as a person does: by clicking its visible label (the inputs
 * are visually hidden behind segmented buttons), as appearance.spec.ts does.
 */
async function choose(scope: Locator | Page, name: string) {
  const radio = scope.getByRole('radio', { name, exact: true })
  await radio.locator('xpath=..').click()
  await expect(radio).toBeChecked()
}

/** The demo's "Science" group page (found by name in the tree, not by a guessed id). */
async function openScience(page: Page, app: AppServer) {
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  const tree = groupTree(page)
  const link = tree.locator('a[href*="/dashboard/groups/"]', { hasText: /^Science$/ }).first()
  const href = await link.getAttribute('href')
  if (!href) throw new Error('no link to the Science group in the tree')
  await gotoHydrated(page, `${app.baseURL}${href}`)
  await expect(page.getByRole('heading', { name: 'Science', level: 1 })).toBeVisible()
}

/**
 * The chart's figure: drawn (an SVG line through several days), titled, and
 * with its figures as a table of `days` rows (one per daily snapshot).
 */
async function expectChart(page: Page, title: string, days: number) {
  const figure = page.getByRole('figure', { name: title })
  await expect(figure).toBeVisible()
  const line = figure.locator('[data-testid="growth-chart"] svg path.recharts-curve')
  await expect(line).toHaveCount(1)
  await expect
    .poll(async () => ((await line.getAttribute('d')) ?? '').split(/[LHV]/).length)
    .toBeGreaterThan(5)
  const details = figure.locator('details')
  if (
    !(await details.evaluate((element) => element instanceof HTMLDetailsElement && element.open))
  ) {
    await details.getByText(en['growth.table.show']).click()
  }
  // A header row and one row per day.
  await expect(figure.getByRole('table').getByRole('row')).toHaveCount(days + 1)
  return figure
}

test('the Growth tab charts a group with its subgroups, and a channel page opens from it', async ({
  page,
  app,
}) => {
  await signIn(page, app, DEMO_ACCOUNT)
  await expect(page).toHaveURL(/\/dashboard\/$/)

  // The overview: total reach with "≈" (YouTube rounds), and the largest channels.
  const reach = page.getByRole('region', { name: en['growth.overview.reach'] })
  await expect(reach.getByText(/^≈ [\d,]+$/)).toBeVisible()
  const top = page.getByRole('region', { name: en['growth.overview.top'] })
  await expect(top.getByRole('link')).toHaveCount(5)
  await expectNoA11yViolations(page)

  await openScience(page, app)
  await page
    .getByRole('navigation', { name: en['groups.tab.label'] })
    .getByRole('link', { name: en['groups.tab.growth'] })
    .click()
  await expect(page).toHaveURL(/\?tab=growth$/)
  await expect(page.getByRole('heading', { name: en['growth.title'], level: 2 })).toBeVisible()

  const period = (key: 'growth.range.30' | 'growth.range.90') => en[key]
  await expectChart(
    page,
    fill(en['growth.chart.title'], {
      metric: en['growth.metric.subscribers'],
      period: period('growth.range.30'),
    }),
    31,
  )
  // 7/30/90-day tiles with numbers, approximate like the figures they come from.
  const tiles = page.getByTestId('growth-delta')
  await expect(tiles).toHaveCount(3)
  for (const tile of await tiles.all()) {
    await expect(tile).toContainText(/≈ [+−±][\d,]+/)
  }
  await expect(page.getByText(en['growth.approx.note'])).toBeVisible()
  await expectNoA11yViolations(page)

  // Another range and another figure redraw the chart.
  await choose(page, period('growth.range.90'))
  await choose(page, en['growth.metric.views'])
  await expectChart(
    page,
    fill(en['growth.chart.title'], {
      metric: en['growth.metric.views'],
      period: period('growth.range.90'),
    }),
    91,
  )
  for (const tile of await tiles.all()) {
    await expect(tile).toContainText(/[+−±][\d,]+/)
  }

  // Top growers link to the channel page.
  const growers = page.getByRole('region', { name: en['growth.growers.title'] })
  const first = growers.getByRole('link').first()
  const name = ((await first.locator('span.truncate').textContent()) ?? '').trim()
  await first.click()
  await expect(page).toHaveURL(/\/dashboard\/channels\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: en['growth.channel.openYoutube'] })).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\//,
  )
  await expectChart(
    page,
    fill(en['growth.chart.title'], {
      metric: en['growth.metric.subscribers'],
      period: period('growth.range.30'),
    }),
    31,
  )
  await expect(page.getByTestId('growth-delta')).toHaveCount(3)
  await expectNoA11yViolations(page)

  // The range is in the address: a reload keeps it.
  await choose(page, period('growth.range.90'))
  await expect(page).toHaveURL(/\?range=90$/)
  await page.reload()
  await expect(page.getByRole('radio', { name: period('growth.range.90') })).toBeChecked()
})

test('a channel page for an id nobody shared is not found', async ({
  page,
  app,
  browserErrors,
}) => {
  browserErrors.allow(/status of 404/)
  await signIn(page, app, DEMO_ACCOUNT)
  await expect(page).toHaveURL(/\/dashboard\/$/)
  const response = await page.goto(
    `${app.baseURL}/dashboard/channels/00000000-0000-4000-8000-000000000000/`,
  )
  expect(response?.status()).toBe(404)
})
