/**
 * Steps of the channel library the e2e specs share: its tables and adding
 * channels to a group by pasting links, ids or handles (in English).
 */
import type { Page } from '@playwright/test'
import { messages as en } from '../../../src/lib/i18n/messages/en'
import { expect, fill } from '../fixtures'

/** The library's table of every channel (/dashboard/channels/). */
export function libraryTable(page: Page) {
  return page.getByRole('table', { name: en['library.channels.title'] })
}

/** The library table's row of the channel titled `title`. */
export function libraryRow(page: Page, title: string) {
  return libraryTable(page).getByRole('row').filter({ hasText: title })
}

/** The table of the channels in `group`, on that group's page. */
export function channelsTable(page: Page, group: string) {
  return page.getByRole('table', { name: fill(en['library.group.channelsIn'], { group }) })
}

/**
 * From the open group page: opens "Add channels", pastes `channels` (links,
 * ids or handles, one a line) and checks them; the per-line results follow.
 */
export async function pasteChannels(page: Page, channels: readonly string[]) {
  await page.getByRole('link', { name: en['library.group.addChannels'] }).first().click()
  await expect(page).toHaveURL(/\/add-channel\/$/)
  await page.getByRole('textbox', { name: en['library.resolve.paste'] }).fill(channels.join('\n'))
  await page.getByRole('button', { name: en['library.resolve.check'] }).click()
}

/**
 * After `pasteChannels`: adds the `count` new channels it found to the group
 * and waits for "{count} added to “{group}”".
 */
export async function addCheckedChannels(page: Page, count: number, group: string) {
  const plural = count === 1 ? 'one' : 'other'
  await page
    .getByRole('button', { name: fill(en[`library.resolve.add.${plural}`], { count }) })
    .click()
  await expect(
    page.getByText(fill(en[`library.add.addedToGroup.${plural}`], { count, group })),
  ).toBeVisible()
}
