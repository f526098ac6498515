import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expectNoA11yViolations, gotoHydrated } from './fixtures'
import { type AppServer, expect, signIn, test } from './support/app-server'
import { libraryTable } from './support/library-steps'
import { groupTree } from './support/organiser-steps'

/*
 * The dashboard fits its screen, on the demo account (read-only: the demo is
 * shared by the worker's tests): the overview at phone widths with its
 * activity and a "Not in any group" link that opens the filtered list, the
 * library's name column at desktop width, the group page's action bar that
 * folds into "More" rather than wrap, and the tree's labelled counts.
 */

test.describe.configure({ timeout: 120_000 })

async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  expect(widths.content, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport)
}

/** The demo's group page called `name`, found through the tree (ids are not guessed). */
async function openGroup(page: Page, app: AppServer, name: string) {
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  const tree = groupTree(page)
  const link = tree.locator('a[href*="/dashboard/groups/"]', { hasText: new RegExp(`^${name}$`) })
  const href = await link.first().getAttribute('href')
  if (!href) throw new Error(`no link to ${name} in the tree`)
  await gotoHydrated(page, `${app.baseURL}${href}`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

for (const width of [320, 390]) {
  test(`the overview fits a ${width} px phone and tells what happened`, async ({ page, app }) => {
    await page.setViewportSize({ width, height: 844 })
    await signIn(page, app, DEMO_ACCOUNT)
    await gotoHydrated(page, `${app.baseURL}/dashboard/`)
    const activity = page.getByRole('region', { name: en['overview.activity.title'] })
    // The demo's tree was made by its owner: the log says so instead of "create a group".
    await expect(activity.getByText(/^Demo Viewer created “/).first()).toBeVisible()
    await expect(activity.getByText(en['overview.activity.empty'])).toHaveCount(0)
    await expectNoSideScroll(page)
    await expectNoA11yViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectNoA11yViolations(page)
  })
}

test('"Not in any group" opens the list filtered to those entries', async ({ page, app }) => {
  await signIn(page, app, DEMO_ACCOUNT)
  await gotoHydrated(page, `${app.baseURL}/dashboard/`)
  const stats = page.getByRole('region', { name: en['overview.stats.title'] })
  await stats.getByRole('link', { name: new RegExp(en['overview.stats.ungrouped']) }).click()
  await expect(page).toHaveURL(/\/dashboard\/channels\/\?filter=ungrouped$/)
  await expect(
    page.getByRole('combobox', { name: en['library.filter.label'], exact: true }),
  ).toHaveValue('ungrouped')
  const table = libraryTable(page)
  // The demo keeps TED and Vox out of every group.
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('link', { name: 'TED', exact: true })).toBeVisible()
  await expect(table.getByRole('link', { name: 'Vox', exact: true })).toBeVisible()
  // Showing everything again drops the filter from the address.
  await page
    .getByRole('combobox', { name: en['library.filter.label'], exact: true })
    .selectOption('all')
  await expect(page).toHaveURL(/\/dashboard\/channels\/$/)
  await expect(table.getByRole('row')).not.toHaveCount(3)
})

test('the library gives the name its room at 1280 px', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, app, DEMO_ACCOUNT)
  await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
  const table = libraryTable(page)
  const name = table.getByRole('columnheader', { name: en['library.list.col.name'] })
  expect((await name.boundingBox())?.width ?? 0).toBeGreaterThan(220)
  // No entry has tags: no empty Tags column takes the room.
  await expect(table.getByRole('columnheader', { name: en['library.list.col.tags'] })).toHaveCount(
    0,
  )
  await expect(
    table.getByRole('link', { name: 'Babish Culinary Universe', exact: true }),
  ).toBeVisible()
  await expectNoSideScroll(page)
})

test('the group action bar folds into "More" instead of wrapping', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, app, DEMO_ACCOUNT)
  await openGroup(page, app, 'Reviews')
  const add = page.getByRole('link', { name: en['library.group.addChannels'] }).first()
  const more = page.getByRole('button', { name: en['library.group.more'] })
  await expect(more).toBeVisible()
  // One row: the last button sits on the first one's line.
  const [first, last] = [await add.boundingBox(), await more.boundingBox()]
  expect(last?.y).toBe(first?.y)
  await expect(page.getByRole('button', { name: en['library.group.delete'] })).toHaveCount(0)
  await more.click()
  const menu = page.getByRole('menu')
  for (const key of [
    'library.group.edit',
    'library.group.move',
    'transfer.import.here',
    'library.group.delete',
  ] as const) {
    await expect(menu.getByRole('menuitem', { name: en[key] })).toBeVisible()
  }
  await menu.getByRole('menuitem', { name: en['library.group.delete'] }).click()
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expectNoA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoA11yViolations(page)

  // Wide enough, every action is a button of its own and "More" is gone.
  await page.setViewportSize({ width: 1600, height: 900 })
  await expect(page.getByRole('button', { name: en['library.group.delete'] })).toBeVisible()
  await expect(more).toBeHidden()

  // On a phone the bar still never leaves a lone button behind the fold: More is there.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(more).toBeVisible()
  await expectNoSideScroll(page)
})

test('the tree labels its counts', async ({ page, app }) => {
  await signIn(page, app, DEMO_ACCOUNT)
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  const tree = groupTree(page)
  // "Tech" holds nothing itself and 13 channels below: "0 items · 13 in all".
  const tech = tree.getByRole('treeitem', { name: /^Tech\b/ })
  await expect(tech).toContainText('0 items')
  await expect(tech).toContainText(/\d+ in all/)
  const music = tree.getByRole('treeitem', { name: /^Music\b/ })
  await expect(music).toContainText('4 items')
  await expect(music).not.toContainText('in all')
})
