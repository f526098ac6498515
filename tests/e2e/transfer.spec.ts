import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import {
  bodyIsDark,
  CONFIRM_IMPORT,
  expectNoA11yViolations,
  fill,
  gotoHydrated,
  writeTakeoutCsv,
} from './fixtures'
import { type AppServer, expect, signUpConfirmed, test } from './support/app-server'

/*
 * Import and export through the screens, in Chromium against the fake
 * YouTube: a NewPipe export zip and a Google Takeout CSV (preview, apply,
 * tree), an OPML export re-imported by a second account, and the progress
 * of a 5,000-channel import surviving a reload.
 */

test.describe.configure({ timeout: 180_000 })

const FIXTURES = join(import.meta.dirname, '../../src/features/transfer/formats/fixtures')

async function chooseFile(page: Page, app: AppServer, path: string) {
  await gotoHydrated(page, `${app.baseURL}/dashboard/import/`)
  await page.getByLabel(en['transfer.source.file.choose']).setInputFiles(path)
}

async function confirmAndFinish(page: Page) {
  await page.getByRole('button', { name: CONFIRM_IMPORT }).click()
  await expect(page.getByRole('heading', { name: en['transfer.done.title'] })).toBeVisible({
    timeout: 60_000,
  })
}

function tree(page: Page) {
  return page.getByRole('tree')
}

test('imports a NewPipe export zip and a Takeout CSV: preview, apply, the tree', async ({
  page,
  app,
}) => {
  await signUpConfirmed(page, app, 'import')
  await chooseFile(page, app, join(FIXTURES, 'newpipe-export.zip'))
  await expect(
    page.getByText(fill(en['transfer.preview.format'], { format: 'NewPipe (ZIP)' })),
  ).toBeVisible()
  // NewPipe's groups, in its sort order; the SoundCloud subscription is a problem, not a channel.
  const preview = page.getByRole('region', { name: en['transfer.preview.groups.title'] })
  await expect(preview.getByText('Matemática')).toBeVisible()
  await expect(preview.getByText('Ciência')).toBeVisible()
  await expect(page.getByText(en['transfer.problem.otherService'])).toBeVisible()
  await expectNoA11yViolations(page)
  await confirmAndFinish(page)
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: en['transfer.done.openGroups'] }).click()
  await expect(page).toHaveURL(`${app.baseURL}/dashboard/groups/`)
  for (const name of ['Matemática', 'Ciência', 'Música']) {
    await expect(tree(page).getByRole('treeitem', { name: new RegExp(name) })).toBeVisible()
  }

  // The Takeout file shares channels with the zip: the preview says which are already there.
  await chooseFile(page, app, join(FIXTURES, 'takeout-subscriptions.csv'))
  await expect(
    page.getByText(fill(en['transfer.preview.format'], { format: 'Google Takeout (CSV)' })),
  ).toBeVisible()
  await expect(page.getByText(en['transfer.preview.groups.none'])).toBeVisible()
  await expect(page.getByText(en['transfer.problem.duplicate'])).toBeVisible()
  await confirmAndFinish(page)
  await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
  await page.getByRole('searchbox').first().fill('TED-Ed')
  await expect(page.getByText('TED-Ed, Lessons Worth Sharing').first()).toBeVisible()

  // Privacy settings: the backup of everything just imported is one link away.
  await gotoHydrated(page, `${app.baseURL}/dashboard/settings/privacy/`)
  const backup = page.getByRole('link', { name: en['transfer.privacy.export.backup'] })
  await expect(backup).toHaveAttribute('href', /\/api\/export\?format=tubefold/)
  // Notification data is its own download (decision 0065).
  await expect(
    page.getByRole('link', { name: en['transfer.privacy.export.notifications'] }),
  ).toHaveAttribute('href', '/api/notifications/export')
  await expectNoA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => bodyIsDark(page)).toBe(true)
  await expectNoA11yViolations(page)
})

test('exports OPML and re-imports it into a second account with the same nested groups', async ({
  page,
  app,
  browser,
}) => {
  await signUpConfirmed(page, app, 'exporter')
  await chooseFile(page, app, join(FIXTURES, 'nested-subscriptions.opml'))
  await expect(page.getByText(en['transfer.problem.notChannel']).first()).toBeVisible()
  await confirmAndFinish(page)

  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await page.getByRole('button', { name: en['transfer.export.menu'], exact: true }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: /OPML/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^tubefold-subscriptions-\d{4}-\d{2}-\d{2}\.opml$/)
  const file = join(tmpdir(), `tubefold-e2e-${Date.now()}.opml`)
  await download.saveAs(file)
  const opml = readFileSync(file, 'utf8')
  expect(opml).toContain('Partículas')
  expect(opml).toContain('channel_id=UCHnyfMqiRRG1u-2MsSQLbXA')

  const second = await browser.newContext({ locale: 'en-US' })
  const other = await second.newPage()
  try {
    await signUpConfirmed(other, app, 'reimporter')
    await chooseFile(other, app, file)
    await expect(
      other.getByText(fill(en['transfer.preview.format'], { format: 'OPML' })),
    ).toBeVisible()
    const preview = other.getByRole('region', { name: en['transfer.preview.groups.title'] })
    for (const name of ['Ciência & Tecnologia', 'Física', 'Partículas']) {
      await expect(preview.getByText(name, { exact: true })).toBeVisible()
    }
    await confirmAndFinish(other)
    await gotoHydrated(other, `${app.baseURL}/dashboard/groups/`)
    for (const name of ['Ciência & Tecnologia', 'Física', 'Partículas']) {
      await expect(tree(other).getByRole('treeitem', { name: new RegExp(name) })).toBeVisible()
    }
  } finally {
    await second.close()
  }
})

test('shows the progress of a 5,000-channel import, also after a reload', async ({ page, app }) => {
  const file = writeTakeoutCsv(5000)

  await signUpConfirmed(page, app, 'bigimport')
  // Slow YouTube down so the metadata phase lasts long enough to watch.
  app.youtube.setOptions({ latencyMs: 400 })
  try {
    await chooseFile(page, app, file)
    await expect(
      page.getByText(fill(en['transfer.preview.format'], { format: 'Google Takeout (CSV)' })),
    ).toBeVisible()
    await page.getByRole('button', { name: CONFIRM_IMPORT }).click()
    const progress = page.getByRole('progressbar')
    await expect(progress).toBeVisible()
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(0)
    await expectNoA11yViolations(page)

    await page.reload()
    await expect(page.getByRole('progressbar')).toBeVisible()
    await expect(page.getByRole('heading', { name: en['transfer.done.title'] })).toBeVisible({
      timeout: 120_000,
    })
    await expect(page.getByText('5,000').first()).toBeVisible()
  } finally {
    app.youtube.setOptions({ latencyMs: 0 })
  }
})
