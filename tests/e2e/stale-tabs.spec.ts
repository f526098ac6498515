import type { Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { clickForAnswer, expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { expect, signUpConfirmed, test } from './support/app-server'
import { addCheckedChannels, libraryRow, pasteChannels } from './support/library-steps'
import { createGroup } from './support/organiser-steps'

/*
 * Two tabs of one user (issue 22, item 5). They change the same channel's
 * groups: the tab that read the groups before the other's change is refused
 * with the reload message, and the other tab's change stays. They change
 * different group settings: each save names only its own, so both stay.
 */

test.describe.configure({ timeout: 120_000 })

/** A server function that refuses (here a stale version) answers with an error status. */
const SERVER_FN_REFUSAL = /status of 500 .*\/_serverFn\//

function chip(page: Page, title: string, group: string) {
  return libraryRow(page, title).getByRole('link', { name: group, exact: true })
}

test('a stale tab cannot undo another tab’s change of a channel’s groups', async ({
  page,
  app,
  context,
  browserErrors,
}) => {
  browserErrors.allow(SERVER_FN_REFUSAL)
  await signUpConfirmed(page, app, 'stalegroups')
  await createGroup(page, app, 'Science')
  await createGroup(page, app, 'Later')
  await createGroup(page, app, 'Tech')

  // Marques Brownlee, in Tech.
  await pasteChannels(page, ['https://www.youtube.com/@mkbhd'])
  await addCheckedChannels(page, 1, 'Tech')

  // Both tabs show the library, then open the channel's groups: Tech only.
  const stale = await context.newPage()
  for (const tab of [page, stale]) {
    await gotoHydrated(tab, `${app.baseURL}/dashboard/channels/`)
    await expect(chip(tab, 'Marques Brownlee', 'Tech')).toBeVisible()
    await tab
      .getByRole('link', {
        name: fill(en['library.row.changeGroups'], { title: 'Marques Brownlee' }),
      })
      .click()
    await expect(tab).toHaveURL(/\/change-group\/[0-9a-f-]{36}\/$/)
    await expect(tab.getByRole('checkbox', { name: /^Tech/ })).toBeChecked()
  }
  const changeGroups = stale.url()

  // The first tab adds Science.
  await page.getByRole('checkbox', { name: /^Science/ }).check()
  const saved = await clickForAnswer(
    page,
    page.getByRole('button', { name: en['library.changeGroups.save'] }),
    /\/_serverFn\//,
  )
  expect(saved.ok()).toBe(true)
  await expect(chip(page, 'Marques Brownlee', 'Science')).toBeVisible()

  // The second tab, which never saw Science, adds Later: saving would take Science out again.
  await stale.getByRole('checkbox', { name: /^Later/ }).check()
  await stale.getByRole('button', { name: en['library.changeGroups.save'] }).click()
  // Said once, in the reader's language; the library it was showing refetches the groups as they are now.
  await expect(stale.getByText(en['organiser.error.stale'])).toHaveCount(1)
  await expect(chip(stale, 'Marques Brownlee', 'Science')).toBeVisible()
  await expect(chip(stale, 'Marques Brownlee', 'Tech')).toBeVisible()
  await expect(chip(stale, 'Marques Brownlee', 'Later')).toHaveCount(0)
  await expectNoA11yViolations(stale)

  // Nothing was undone, and a fresh read can change the groups again.
  await gotoHydrated(stale, changeGroups)
  await expect(stale.getByRole('checkbox', { name: /^Science/ })).toBeChecked()
  await expect(stale.getByRole('checkbox', { name: /^Later/ })).not.toBeChecked()
  await stale.getByRole('checkbox', { name: /^Later/ }).check()
  const fresh = await clickForAnswer(
    stale,
    stale.getByRole('button', { name: en['library.changeGroups.save'] }),
    /\/_serverFn\//,
  )
  expect(fresh.ok()).toBe(true)
  // Read afresh: all three (the row's chips show only two).
  await gotoHydrated(stale, changeGroups)
  for (const group of ['Tech', 'Science', 'Later']) {
    await expect(stale.getByRole('checkbox', { name: new RegExp(`^${group}`) })).toBeChecked()
  }
})

test('a settings change from a stale tab keeps what another tab changed', async ({
  page,
  app,
  context,
}) => {
  await signUpConfirmed(page, app, 'stalesettings')
  const settings = `${app.baseURL}/dashboard/settings/groups/`
  const showCounts = (tab: Page) =>
    tab.getByRole('switch', { name: en['groups.settings.showCounts'] })
  const treeExpanded = (tab: Page) =>
    tab.getByRole('switch', { name: en['groups.settings.treeExpanded'] })
  const stale = await context.newPage()
  for (const tab of [page, stale]) {
    await gotoHydrated(tab, settings)
    await expect(showCounts(tab)).toBeChecked()
    await expect(treeExpanded(tab)).toBeChecked()
  }

  expect((await clickForAnswer(page, showCounts(page), /\/_serverFn\//)).ok()).toBe(true)
  // The second tab still shows the counts on: saving its own switch must not turn them back on.
  expect((await clickForAnswer(stale, treeExpanded(stale), /\/_serverFn\//)).ok()).toBe(true)

  await gotoHydrated(page, settings)
  await expect(showCounts(page)).not.toBeChecked()
  await expect(treeExpanded(page)).not.toBeChecked()
})
