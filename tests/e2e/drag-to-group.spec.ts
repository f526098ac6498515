import type { Locator, Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import {
  dragByMouse,
  expectNoA11yViolations,
  fill,
  gotoHydrated,
  waitForHydration,
} from './fixtures'
import { expect, signUpConfirmed, test } from './support/app-server'
import {
  addCheckedChannels,
  channelsTable,
  libraryRow,
  pasteChannels,
} from './support/library-steps'
import { createGroup } from './support/organiser-steps'
import { setPreferences } from './support/preference-steps'

/*
 * Issue 25, item 2 in Chromium: channels dragged (one row or the selection)
 * from the channels screen onto a group of the sidebar are added there, and
 * from a group's list moved, each with the toast's Undo; the bulk bar's
 * remove and move are undone too; on a 390 px phone the bulk bar still does
 * the job. dnd-kit listens to pointer events, so drags are real mouse steps.
 */

test.describe.configure({ timeout: 150_000 })

const CHANNELS = ['Marques Brownlee', 'Linus Tech Tips', 'Veritasium'] as const

/** Adds the three fake channels to Tech, the group whose page is open. */
async function addChannelsToTech(page: Page) {
  await pasteChannels(page, ['@mkbhd', 'UCXuqSBlHAE6Xw-yeJA0Tunw', 'UCHnyfMqiRRG1u-2MsSQLbXA'])
  await addCheckedChannels(page, CHANNELS.length, 'Tech')
}

function sidebarGroup(page: Page, name: string) {
  return page
    .getByRole('region', { name: en['sidebar.groups'] })
    .getByRole('link', { name: new RegExp(`^${name}\\b`) })
}

function toast(page: Page, text: string) {
  return page.getByRole('listitem').filter({ hasText: text })
}

/** A drag onto a group, checking what follows the pointer and the lit target before the drop. */
async function dragToGroup(page: Page, from: Locator, to: Locator, overlay: string) {
  await dragByMouse(page, from, to, {
    whileOver: async () => {
      await expect(page.locator('[data-drag-overlay]')).toHaveText(overlay)
      await expect(page.locator('[data-drop-over]')).toHaveCount(1)
    },
  })
  await expect(page.locator('[data-drag-overlay]')).toHaveCount(0)
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('channels dragged onto a sidebar group are added, moved from a group, with Undo', async ({
    page,
    app,
    context,
  }) => {
    await signUpConfirmed(page, app, 'drag')
    await createGroup(page, app, 'Music')
    const science = await createGroup(page, app, 'Science')
    await createGroup(page, app, 'Tech')
    await addChannelsToTech(page)

    // One row onto Science: added (a chip shows it), and Undo takes it out again.
    await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
    await expect(sidebarGroup(page, 'Science')).toBeVisible()
    await expect(libraryRow(page, 'Veritasium')).toBeVisible()
    await expectNoA11yViolations(page)
    await dragToGroup(
      page,
      libraryRow(page, 'Veritasium'),
      sidebarGroup(page, 'Science'),
      fill(en['library.group.channels.one'], { count: 1 }),
    )
    const added = toast(page, fill(en['groups.drop.added.one'], { count: 1, group: 'Science' }))
    await expect(added).toBeVisible()
    const chip = libraryRow(page, 'Veritasium').getByRole('link', { name: 'Science', exact: true })
    await expect(chip).toBeVisible()
    await added.getByRole('button', { name: en['groups.undo'] }).click()
    await expect(page.getByText(en['groups.undo.done'])).toBeVisible()
    await expect(chip).toHaveCount(0)

    // The selection: two checked rows travel together.
    for (const title of ['Marques Brownlee', 'Linus Tech Tips']) {
      await page.getByRole('checkbox', { name: fill(en['library.list.select'], { title }) }).check()
    }
    await dragToGroup(
      page,
      libraryRow(page, 'Linus Tech Tips'),
      sidebarGroup(page, 'Science'),
      fill(en['library.group.channels.other'], { count: 2 }),
    )
    await expect(
      toast(page, fill(en['groups.drop.added.other'], { count: 2, group: 'Science' })),
    ).toBeVisible()
    await gotoHydrated(page, science)
    const inScience = channelsTable(page, 'Science')
    await expect(inScience.getByText('Marques Brownlee', { exact: true })).toBeVisible()
    await expect(inScience.getByText('Linus Tech Tips', { exact: true })).toBeVisible()
    await expect(inScience.getByText('Veritasium', { exact: true })).toHaveCount(0)
    await expectNoA11yViolations(page)

    // From a group's list onto another group: moved, and Undo brings them back.
    await page
      .getByRole('checkbox', {
        name: fill(en['library.list.select'], { title: 'Marques Brownlee' }),
      })
      .check()
    await dragToGroup(
      page,
      inScience.getByRole('row').filter({ hasText: 'Marques Brownlee' }),
      sidebarGroup(page, 'Music'),
      fill(en['library.group.channels.one'], { count: 1 }),
    )
    const moved = toast(page, fill(en['library.bulk.movedItems.one'], { count: 1 }))
    await expect(moved).toBeVisible()
    await expect(inScience.getByText('Marques Brownlee', { exact: true })).toHaveCount(0)
    await moved.getByRole('button', { name: en['groups.undo'] }).click()
    await expect(page.getByText(en['groups.undo.done'])).toBeVisible()
    await expect(inScience.getByText('Marques Brownlee', { exact: true })).toBeVisible()

    // Moved again, for good this time: Music has it, Science no more.
    await dragToGroup(
      page,
      inScience.getByRole('row').filter({ hasText: 'Linus Tech Tips' }),
      sidebarGroup(page, 'Music'),
      fill(en['library.group.channels.one'], { count: 1 }),
    )
    await expect(toast(page, fill(en['library.bulk.movedItems.one'], { count: 1 }))).toBeVisible()
    await expect(inScience.getByText('Linus Tech Tips', { exact: true })).toHaveCount(0)
    await sidebarGroup(page, 'Music').click()
    await expect(
      channelsTable(page, 'Music').getByText('Linus Tech Tips', { exact: true }),
    ).toBeVisible()

    // Dark theme: the channels screen and a group's page stay clean.
    await setPreferences(context, app.baseURL, { theme: 'dark' })
    await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(sidebarGroup(page, 'Science')).toBeVisible()
    await expectNoA11yViolations(page)
    await gotoHydrated(page, science)
    await expect(inScience.getByText('Marques Brownlee', { exact: true })).toBeVisible()
    await expectNoA11yViolations(page)
    // The tree's rows are drag sources and drop targets now: its screen too.
    await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
    await expect(page.getByRole('treeitem', { name: /^Music\b/ })).toBeVisible()
    await expectNoA11yViolations(page)
  })

  test('the bulk bar: removing from a group and moving to another are undone', async ({
    page,
    app,
  }) => {
    await signUpConfirmed(page, app, 'bulk-undo')
    await createGroup(page, app, 'Science')
    const tech = await createGroup(page, app, 'Tech')
    await addChannelsToTech(page)
    await gotoHydrated(page, tech)
    const inTech = channelsTable(page, 'Tech')
    const select = (title: string) =>
      page.getByRole('checkbox', { name: fill(en['library.list.select'], { title }) })

    // The manual order: a row dragged onto the top half of the first lands first, and
    // Alt+ArrowDown on its handle (the keyboard path) takes it one down again.
    const order = () =>
      inTech
        .locator('tr[data-row-id]')
        .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''))
        .then((texts) => texts.map((text) => CHANNELS.find((title) => text.includes(title))))
    const before = await order()
    const [first, , last] = before
    if (!first || !last) throw new Error('three channels expected')
    const rowOf = (title: string) => inTech.locator('tr[data-row-id]').filter({ hasText: title })
    await dragByMouse(page, rowOf(last), rowOf(first), {
      toY: 0.2,
      whileOver: async () => {
        await expect(rowOf(first)).toHaveClass(/shadow-\[inset_0_2px/)
      },
    })
    await expect.poll(order).toEqual([last, first, before[1]])
    await page.reload()
    await waitForHydration(page)
    await expect.poll(order).toEqual([last, first, before[1]])
    await page
      .getByRole('button', { name: fill(en['library.list.reorder'], { title: last }) })
      .focus()
    await page.keyboard.press('Alt+ArrowDown')
    await expect.poll(order).toEqual([first, last, before[1]])

    // Remove two from Tech, then Undo: both come back.
    await select('Marques Brownlee').check()
    await select('Veritasium').check()
    await page.getByRole('button', { name: en['library.bulk.removeFromGroup'] }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: en['library.bulk.removeFromGroupConfirm'] })
      .click()
    const removed = toast(
      page,
      fill(en['library.bulk.removedFromGroup.other'], { count: 2, group: 'Tech' }),
    )
    await expect(removed).toBeVisible()
    await expect(inTech.getByText('Veritasium', { exact: true })).toHaveCount(0)
    await removed.getByRole('button', { name: en['groups.undo'] }).click()
    await expect(page.getByText(en['groups.undo.done'])).toBeVisible()
    for (const title of CHANNELS) {
      await expect(inTech.getByText(title, { exact: true })).toBeVisible()
    }

    // Move one to Science, then Undo: back in Tech, not in Science.
    await select('Linus Tech Tips').check()
    await page.getByRole('button', { name: en['library.bulk.move'] }).click()
    const dialog = page.getByRole('dialog', {
      name: fill(en['library.bulk.moveTitle.one'], { count: 1 }),
    })
    await dialog.getByRole('radio', { name: /^Science/ }).check()
    await dialog
      .getByRole('button', { name: fill(en['library.bulk.moveConfirm'], { group: 'Science' }) })
      .click()
    const moved = toast(page, fill(en['library.bulk.movedItems.one'], { count: 1 }))
    await expect(moved).toBeVisible()
    await expect(inTech.getByText('Linus Tech Tips', { exact: true })).toHaveCount(0)
    await moved.getByRole('button', { name: en['groups.undo'] }).click()
    await expect(page.getByText(en['groups.undo.done'])).toBeVisible()
    await expect(inTech.getByText('Linus Tech Tips', { exact: true })).toBeVisible()
    await sidebarGroup(page, 'Science').click()
    await expect(page.getByRole('heading', { name: 'Science', level: 1 })).toBeVisible()
    await expect(
      channelsTable(page, 'Science').getByText('Linus Tech Tips', { exact: true }),
    ).toHaveCount(0)
  })
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('rows still tap and scroll, and the bulk bar adds to a group', async ({
    page,
    app,
    context,
  }) => {
    await signUpConfirmed(page, app, 'drag-phone')
    const science = await createGroup(page, app, 'Science')
    await createGroup(page, app, 'Tech')
    await addChannelsToTech(page)

    await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
    const addVeritasiumToScience = async () => {
      await page
        .getByRole('checkbox', { name: fill(en['library.list.select'], { title: 'Veritasium' }) })
        .tap()
      await page.getByRole('button', { name: en['library.bulk.addToGroup'] }).tap()
      const dialog = page.getByRole('dialog', {
        name: fill(en['library.bulk.addTitle.one'], { count: 1 }),
      })
      await dialog.getByRole('radio', { name: /^Science/ }).check()
      await dialog
        .getByRole('button', { name: fill(en['library.bulk.addConfirm'], { group: 'Science' }) })
        .tap()
      await expect(dialog).toBeHidden()
      return toast(page, fill(en['groups.drop.added.one'], { count: 1, group: 'Science' }))
    }
    // The bulk add has its Undo too. Added again after it, the channel is new to
    // the group once more (not "Already in Science"): the Undo took it out.
    const added = await addVeritasiumToScience()
    await added.getByRole('button', { name: en['groups.undo'] }).tap()
    await expect(page.getByText(en['groups.undo.done'])).toBeVisible()
    await expect(added).toHaveCount(0)
    await expect(await addVeritasiumToScience()).toBeVisible()
    // A tap on a channel's name still opens it.
    await libraryRow(page, 'Marques Brownlee')
      .getByRole('link', { name: 'Marques Brownlee', exact: true })
      .tap()
    await expect(page).toHaveURL(/\/dashboard\/channels\/[0-9a-f-]{36}\/$/)
    await gotoHydrated(page, science)
    await expect(
      channelsTable(page, 'Science').getByText('Veritasium', { exact: true }),
    ).toBeVisible()
    await expectNoA11yViolations(page)
    await setPreferences(context, app.baseURL, { theme: 'dark' })
    await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(libraryRow(page, 'Veritasium')).toBeVisible()
    await expectNoA11yViolations(page)
  })
})
