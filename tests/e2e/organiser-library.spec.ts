import { messages as en } from '../../src/lib/i18n/messages/en'
import {
  CONFIRM_IMPORT,
  expectNoA11yViolations,
  fill,
  gotoHydrated,
  waitForHydration,
  writeTakeoutCsv,
} from './fixtures'
import { expect, signUpConfirmed, test } from './support/app-server'
import {
  addCheckedChannels,
  channelsTable,
  libraryRow,
  libraryTable,
  pasteChannels,
} from './support/library-steps'
import { createGroup } from './support/organiser-steps'

/*
 * Channels in groups, in Chromium against the fake YouTube: adding by URL,
 * id and handle with a per-line result before saving, one channel in two
 * groups, and a bulk move between groups.
 */

test.describe.configure({ timeout: 120_000 })

test('adds channels by URL, id and handle, puts one in two groups, and bulk-moves', async ({
  page,
  app,
}) => {
  await signUpConfirmed(page, app, 'library')
  const science = await createGroup(page, app, 'Science')
  const tech = await createGroup(page, app, 'Tech')

  await pasteChannels(page, [
    'https://www.youtube.com/@mkbhd',
    'UCXuqSBlHAE6Xw-yeJA0Tunw',
    'https://www.youtube.com/channel/UCHnyfMqiRRG1u-2MsSQLbXA/videos',
    'https://www.youtube.com/playlist?list=PLFs4vir_WsTwEd-nJgVJCZPNL3HALHHpF',
    // A video link stands for its channel; this video is not on the (fake) YouTube.
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    '@no-such-channel-here',
    '@mkbhd',
  ])
  const results = page.getByRole('list', { name: en['library.resolve.results'] })
  await expect(results.getByText(en['library.resolve.status.new'], { exact: true })).toHaveCount(3)
  await expect(
    results.getByText(en['library.resolve.status.notChannel'], { exact: true }),
  ).toBeVisible()
  await expect(
    results.getByText(en['library.resolve.status.videoNotFound'], { exact: true }),
  ).toBeVisible()
  await expect(
    results.getByText(en['library.resolve.status.notFound'], { exact: true }),
  ).toBeVisible()
  await expect(
    results.getByText(en['library.resolve.status.duplicate'], { exact: true }),
  ).toBeVisible()
  await expect(results.getByText('Marques Brownlee').first()).toBeVisible()
  await expectNoA11yViolations(page)
  await addCheckedChannels(page, 3, 'Tech')

  await gotoHydrated(page, tech)
  const techChannels = channelsTable(page, 'Tech')
  for (const title of ['Marques Brownlee', 'Linus Tech Tips', 'Veritasium']) {
    await expect(techChannels.getByText(title, { exact: true })).toBeVisible()
  }
  await expectNoA11yViolations(page)

  // One channel in two groups: Veritasium joins Science and stays in Tech.
  await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
  await expectNoA11yViolations(page)
  await page
    .getByRole('link', { name: fill(en['library.row.changeGroups'], { title: 'Veritasium' }) })
    .click()
  await page.getByRole('checkbox', { name: /^Science/ }).check()
  await expect(page.getByRole('checkbox', { name: /^Tech/ })).toBeChecked()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: en['library.changeGroups.save'] }).click()
  await gotoHydrated(page, science)
  await expect(
    channelsTable(page, 'Science').getByText('Veritasium', { exact: true }),
  ).toBeVisible()

  // Bulk move: two channels from Tech to Science.
  await gotoHydrated(page, tech)
  await page
    .getByRole('checkbox', { name: fill(en['library.list.select'], { title: 'Marques Brownlee' }) })
    .check()
  await page
    .getByRole('checkbox', { name: fill(en['library.list.select'], { title: 'Linus Tech Tips' }) })
    .check()
  await page.getByRole('button', { name: en['library.bulk.move'] }).click()
  const dialog = page.getByRole('dialog', {
    name: fill(en['library.bulk.moveTitle.other'], { count: 2 }),
  })
  await dialog.getByRole('radio', { name: /^Science/ }).check()
  await dialog
    .getByRole('button', { name: fill(en['library.bulk.moveConfirm'], { group: 'Science' }) })
    .click()
  await expect(techChannels.getByText('Marques Brownlee', { exact: true })).toHaveCount(0)
  await page.reload()
  await waitForHydration(page)
  await expect(channelsTable(page, 'Tech').getByText('Veritasium', { exact: true })).toBeVisible()
  await expect(
    channelsTable(page, 'Tech').getByText('Linus Tech Tips', { exact: true }),
  ).toHaveCount(0)
  await gotoHydrated(page, science)
  for (const title of ['Marques Brownlee', 'Linus Tech Tips', 'Veritasium']) {
    await expect(channelsTable(page, 'Science').getByText(title, { exact: true })).toBeVisible()
  }

  // The library's chips: rows shown by a search show their own entry's groups.
  await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
  const library = libraryTable(page)
  const scienceChip = libraryRow(page, 'Veritasium').getByRole('link', {
    name: 'Science',
    exact: true,
  })
  await expect(scienceChip).toBeVisible()
  await expect(
    libraryRow(page, 'Veritasium').getByRole('link', { name: 'Tech', exact: true }),
  ).toBeVisible()
  // The chip's glyph (loaded on demand) draws.
  await expect
    .poll(() =>
      scienceChip
        .locator('svg')
        .evaluate((svg) => (svg instanceof SVGGraphicsElement ? svg.getBBox().width : 0)),
    )
    .toBeGreaterThan(0)
  const search = page.getByRole('searchbox').first()
  for (const [query, title, groups] of [
    ['Veritasium', 'Veritasium', ['Science', 'Tech']],
    ['Marques', 'Marques Brownlee', ['Science']],
  ] as const) {
    await search.fill(query)
    await expect(library.getByRole('row')).toHaveCount(2)
    const chips = libraryRow(page, title).getByRole('link', { name: /^(Science|Tech)$/ })
    await expect(chips).toHaveCount(groups.length)
    for (const group of groups) {
      await expect(chips.filter({ hasText: group })).toHaveCount(1)
    }
    await expect(chips.filter({ hasText: 'Science' })).toHaveAttribute(
      'href',
      new URL(science).pathname,
    )
  }
})

test('a large library paints its first screen at once and the rest after', async ({
  page,
  app,
}) => {
  const file = writeTakeoutCsv(80)
  await signUpConfirmed(page, app, 'largelibrary')
  await gotoHydrated(page, `${app.baseURL}/dashboard/import/`)
  await page.getByLabel(en['transfer.source.file.choose']).setInputFiles(file)
  await page.getByRole('button', { name: CONFIRM_IMPORT }).click()
  await expect(page.getByRole('heading', { name: en['transfer.done.title'] })).toBeVisible({
    timeout: 60_000,
  })

  // Hold the whole library back (the first screen comes with the page) until released.
  let release = () => {}
  const released = new Promise<void>((done) => {
    release = done
  })
  await page.route('**/_serverFn/**', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('"entries"') && !body.includes('"total"')) await released
    await route.fulfill({ response, body })
  })

  await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
  const table = libraryTable(page)
  await expect(
    page.getByText(fill(en['library.list.partial'], { shown: 50, total: 80 })),
  ).toBeVisible()
  await expect(table).toHaveAttribute('aria-busy', 'true')
  // Titles in the browser's order, numbers by value: Channel 0…49 are the first screen.
  await expect(table.getByText('Channel 2', { exact: true })).toBeVisible()
  // Row actions reuse one drawing of each icon (<use>): the reference resolves and draws.
  const editIcon = table.getByRole('link', {
    name: fill(en['library.row.edit'], { title: 'Channel 2' }),
  })
  const drawn = await editIcon
    .locator('use')
    .evaluate((use) => (use instanceof SVGGraphicsElement ? use.getBBox().width : 0))
  expect(drawn).toBeGreaterThan(0)
  await expect(page.getByRole('combobox', { name: en['library.list.sort'] })).toBeDisabled()
  await expect(page.getByRole('combobox', { name: en['library.filter.label'] })).toBeDisabled()
  await expectNoA11yViolations(page)

  release()
  await expect(page.getByText(fill(en['library.list.count.other'], { count: 80 }))).toBeVisible()
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('combobox', { name: en['library.list.sort'] })).toBeEnabled()
  // The list scrolls inside its own box, which keeps its height, down to the last entry.
  const rows = table.locator('tbody')
  const box = await rows.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    max: Number.parseFloat(getComputedStyle(element).maxHeight),
  }))
  expect(box.height).toBeLessThanOrEqual(box.max)
  await rows.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
  await expect(table.getByText('Channel 79', { exact: true })).toBeVisible()
  await rows.evaluate((element) => element.scrollTo({ top: 0 }))
  await page.getByRole('searchbox').first().fill('Channel 79')
  await expect(table.getByText('Channel 79', { exact: true })).toBeVisible()
  await expectNoA11yViolations(page)

  // The route owns its screen: nothing of the library is in another page's document.
  await gotoHydrated(page, `${app.baseURL}/dashboard/`)
  const nav = page.getByRole('navigation').first()
  const channelsLink = nav.getByRole('link', { name: en['dashboard.nav.channels'], exact: true })
  const renderedRows = page.locator('tbody tr[aria-rowindex]')
  await expect(renderedRows).toHaveCount(0)
  await channelsLink.click()
  await expect(page).toHaveURL(/\/dashboard\/channels\/$/)
  await expect(table.getByText('Channel 2', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: en['library.channels.title'] })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(channelsLink).toHaveAttribute('aria-current', 'page')
  await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1)
  await expectNoA11yViolations(page)

  // Each visit gets a fresh screen: the last one's search does not carry over.
  await page.getByRole('searchbox').first().fill('Channel 79')
  await nav.getByRole('link', { name: en['dashboard.nav.overview'], exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/$/)
  await expect(renderedRows).toHaveCount(0)
  await channelsLink.click()
  await expect(page.getByRole('searchbox').first()).toHaveValue('')
  await expect(table.getByText('Channel 2', { exact: true })).toBeVisible()

  // Scrolled down, the click lands at the top of the new screen.
  await gotoHydrated(page, `${app.baseURL}/dashboard/`)
  await page.setViewportSize({ width: 1280, height: 300 })
  await page.evaluate(() => scrollTo(0, 40))
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(40)
  await channelsLink.click()
  await expect(page).toHaveURL(/\/dashboard\/channels\/$/)
  await expect(table.getByText('Channel 2', { exact: true })).toBeVisible()
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
})
