import { messages as en } from '../../src/lib/i18n/messages/en'
import { CONFIRM_IMPORT, expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { expect, signUpConfirmed, test } from './support/app-server'

/*
 * Issue 23 item 3, decision 0049: with YouTube out of reach an import keeps
 * its handles and ids as pending (never "not found"), says so, and fills in
 * their titles once the fake YouTube answers again.
 */

test.describe.configure({ timeout: 120_000 })

const SCOTT = { handle: 'scottmanley', title: 'Scott Manley' }
// Only the fake YouTube knows it: the catalogue has no row for it yet.
const THREE_BLUE = { id: 'UCfakeTubefoldDemo00001A', title: 'ゆっくり実況チャンネル' }

test('an import with YouTube unreachable shows pending and fills titles when it comes back', async ({
  page,
  app,
}) => {
  await signUpConfirmed(page, app, 'pending')
  // Every request to the fake YouTube now ends without an answer, like a network failure.
  app.youtube.setUnreachable([''])
  try {
    await gotoHydrated(page, `${app.baseURL}/dashboard/import/`)
    await page
      .getByLabel(en['transfer.source.paste.label'])
      .fill(`@${SCOTT.handle}\n${THREE_BLUE.id}\n`)
    await page.getByRole('button', { name: en['transfer.source.paste.submit'] }).click()
    await expect(page.getByText(en['transfer.preview.pendingNote'], { exact: false })).toBeVisible()
    await page.getByRole('button', { name: CONFIRM_IMPORT }).click()
    await expect(page.getByRole('heading', { name: en['transfer.done.title'] })).toBeVisible({
      timeout: 60_000,
    })
    const pending = page.getByTestId('import-pending')
    await expect(
      pending.getByText(fill(en['transfer.done.pending.count'], { count: 2 })),
    ).toBeVisible()
    await expect(
      pending.getByText(en['transfer.done.pending.unreachable'], { exact: false }),
    ).toBeVisible()
    // Nothing is called "not found".
    await expect(page.getByText(/Not found on YouTube/)).toHaveCount(0)
    await expectNoA11yViolations(page)

    app.youtube.setUnreachable([])
    await pending.getByRole('button', { name: en['transfer.done.pending.retry'] }).click()
    await expect(
      page.getByText(fill(en['transfer.done.pending.filled'], { count: 2 })),
    ).toBeVisible({ timeout: 30_000 })

    await gotoHydrated(page, `${app.baseURL}/dashboard/channels/`)
    await expect(page.getByText(THREE_BLUE.title).first()).toBeVisible()
    await expect(page.getByText(SCOTT.title).first()).toBeVisible()
    await expect(page.getByText(THREE_BLUE.id)).toHaveCount(0)
  } finally {
    app.youtube.setUnreachable([])
  }
})
