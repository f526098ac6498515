import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { bodyIsDark, expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { type AppServer, expect, signUpConfirmed, test } from './support/app-server'
import { libraryTable } from './support/library-steps'

/*
 * Issue 23 item 4, decision 0054: the preview lists what will be added, per
 * group; a search narrows it; unticking a group and a channel leaves them out
 * of what is written, and a channel of the unticked group that another group
 * also holds still comes, in that group only.
 */

test.describe.configure({ timeout: 120_000 })

const VERITASIUM = 'UCHnyfMqiRRG1u-2MsSQLbXA'
const MINUTEPHYSICS = 'UCUHW94eEFW7hkUMVaZz4eDg'
const KURZGESAGT = 'UCsXVk37bltHxD1rDPwtNM8Q'
const THREE_BLUE = 'UCYO_jab_esuFRV4b17AJtAw'

function feed(title: string, id: string) {
  return `<outline type="rss" text="${title}" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${id}"/>`
}

/** Science (Kurzgesagt) › Physics (Veritasium, minutephysics); Maths (3Blue1Brown, Veritasium); Later (Kurzgesagt). */
function writeOpml(): string {
  const body = [
    `<outline text="Science">${feed('Kurzgesagt', KURZGESAGT)}`,
    `<outline text="Physics">${feed('Veritasium', VERITASIUM)}${feed('minutephysics', MINUTEPHYSICS)}</outline>`,
    '</outline>',
    `<outline text="Maths">${feed('3Blue1Brown', THREE_BLUE)}${feed('Veritasium', VERITASIUM)}</outline>`,
    `<outline text="Later">${feed('Kurzgesagt', KURZGESAGT)}</outline>`,
  ].join('\n')
  const file = join(tmpdir(), `tubefold-e2e-selection-${Date.now()}-${Math.random()}.opml`)
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<opml version="2.0"><body>\n${body}\n</body></opml>\n`,
  )
  return file
}

async function openPreview(page: Page, app: AppServer) {
  await gotoHydrated(page, `${app.baseURL}/dashboard/import/`)
  await page.getByLabel(en['transfer.source.file.choose']).setInputFiles(writeOpml())
  const list = page.getByRole('region', { name: en['transfer.contents.title'] })
  await expect(list.getByRole('checkbox', { name: /^Science \d/ })).toBeVisible()
  return list
}

const confirmText = (channels: number, groups: number) =>
  fill(en['transfer.preview.confirmItemsInto'], {
    items: fill(en['transfer.preview.selected.channels.other'], { count: channels }),
    groups: fill(en['transfer.preview.selected.groups.other'], { count: groups }),
  })

for (const run of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`unticks a group and a channel in the preview, and imports only the rest (${run.name})`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize(run.viewport)
    await signUpConfirmed(page, app, `selection-${run.name}`)
    const list = await openPreview(page, app)
    await expect(page.getByRole('button', { name: confirmText(4, 4) })).toBeVisible()

    // A search narrows the list to what matches, under its group's path.
    await list.getByRole('searchbox', { name: en['transfer.contents.search'] }).fill('minute')
    await expect(list.getByRole('checkbox', { name: /^Veritasium/ })).toHaveCount(0)
    await expect(list.getByText('Science / Physics', { exact: true })).toBeVisible()
    await expect(list.getByRole('checkbox', { name: /^minutephysics/ })).toBeVisible()
    await list.getByRole('searchbox', { name: en['transfer.contents.search'] }).fill('')
    await expect(list.getByRole('checkbox', { name: /^3Blue1Brown/ })).toBeVisible()

    // Science goes with Physics; Veritasium still comes with Maths, Kurzgesagt with Later.
    await list.getByRole('checkbox', { name: /^Science \d/ }).uncheck()
    await expect(list.getByRole('checkbox', { name: /^Science \/ Physics/ })).toBeDisabled()
    await expect(list.getByRole('checkbox', { name: /^Science \/ Physics/ })).not.toBeChecked()
    await list.getByRole('checkbox', { name: /^3Blue1Brown .* in Maths$/ }).uncheck()
    const confirm = page.getByRole('button', { name: confirmText(2, 2) })
    await expect(confirm).toBeVisible()

    await expectNoA11yViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => bodyIsDark(page)).toBe(true)
    await expectNoA11yViolations(page)
    await page.emulateMedia({ colorScheme: 'light' })

    await confirm.click()
    await expect(page.getByRole('heading', { name: en['transfer.done.title'] })).toBeVisible({
      timeout: 60_000,
    })
    await page.getByRole('link', { name: en['transfer.done.openGroups'] }).click()
    const tree = page.getByRole('tree')
    await expect(tree.getByRole('treeitem', { name: /Maths/ })).toBeVisible()
    await expect(tree.getByRole('treeitem', { name: /Later/ })).toBeVisible()
    await expect(tree.getByRole('treeitem', { name: /Science|Physics/ })).toHaveCount(0)

    // The library holds the two ticked channels only (a header row and theirs).
    await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
    const library = libraryTable(page)
    await expect(library.getByText('Veritasium', { exact: true })).toBeVisible()
    await expect(library.getByText('Kurzgesagt', { exact: false }).first()).toBeVisible()
    await expect(library.getByRole('row')).toHaveCount(3)
  })
}
