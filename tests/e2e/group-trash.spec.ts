import type { Locator, Page } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { type AppServer, expect, signUpConfirmed, test } from './support/app-server'
import { chooseFromGroupMenu, createGroup, groupTreeRow } from './support/organiser-steps'
import { setPreferences } from './support/preference-steps'

/*
 * The trash in Chromium, on a desktop and on a 390 px phone: a deleted
 * group comes back with the toast's Undo, and from the trash on
 * /dashboard/settings/groups/ (axe clean in light and dark); "Delete
 * forever" asks first.
 */

test.describe.configure({ timeout: 120_000 })

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const

function item(trash: Locator, name: string) {
  return trash.getByRole('listitem').filter({ hasText: name })
}

async function deleteFromTree(page: Page, app: AppServer, name: string) {
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await chooseFromGroupMenu(page, name, en['groups.menu.delete'])
  const confirm = page.getByRole('alertdialog', { name: fill(en['groups.delete.title'], { name }) })
  await confirm.getByRole('button', { name: en['groups.delete.confirm'] }).click()
  await expect(groupTreeRow(page, name)).toHaveCount(0)
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size })

    test('a deleted group comes back by Undo and from the trash; delete forever asks first', async ({
      page,
      app,
      context,
    }) => {
      await signUpConfirmed(page, app, `trash-${viewport.name}`)
      await createGroup(page, app, 'Reviews')
      await createGroup(page, app, 'Phones', { parent: 'Reviews' })
      await createGroup(page, app, 'Gaming')

      // A move carries Undo too: Gaming goes into Reviews and comes back to the top level.
      await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
      await chooseFromGroupMenu(page, 'Gaming', en['groups.menu.move'])
      const move = page.getByRole('dialog', {
        name: fill(en['groups.move.title'], { name: 'Gaming' }),
      })
      await move.getByRole('radio', { name: /^Reviews/ }).check()
      await move.getByRole('button', { name: en['groups.move.confirm'] }).click()
      await expect(groupTreeRow(page, 'Gaming')).toHaveAttribute('aria-level', '2')
      await page
        .getByRole('listitem')
        .filter({ hasText: fill(en['groups.move.done'], { name: 'Gaming', target: 'Reviews' }) })
        .getByRole('button', { name: en['groups.undo'] })
        .click()
      await expect(page.getByText(en['groups.undo.done'])).toBeVisible()
      await expect(groupTreeRow(page, 'Gaming')).toHaveAttribute('aria-level', '1')

      // Undo in the toast puts Reviews back with its subgroup.
      await deleteFromTree(page, app, 'Reviews')
      const toast = page
        .getByRole('listitem')
        .filter({ hasText: fill(en['groups.delete.done'], { name: 'Reviews' }) })
      await toast.getByRole('button', { name: en['groups.undo'] }).click()
      await expect(
        page.getByText(fill(en['groups.trash.restored'], { name: 'Reviews' })),
      ).toBeVisible()
      await expect(groupTreeRow(page, 'Reviews')).toBeVisible()
      await expect(groupTreeRow(page, 'Phones')).toHaveAttribute('aria-level', '2')

      // Deleted again, it waits in the trash.
      await deleteFromTree(page, app, 'Reviews')
      await deleteFromTree(page, app, 'Gaming')
      await gotoHydrated(page, `${app.baseURL}/dashboard/settings/groups/`)
      const trash = page.getByRole('region', { name: en['groups.trash.title'] })
      const reviews = item(trash, 'Reviews')
      await expect(reviews).toContainText(en['groups.trash.topLevel'])
      await expect(reviews).toContainText(fill(en['groups.trash.subgroups.one'], { count: 1 }))
      await expect(reviews).toContainText(fill(en['groups.trash.daysLeft.other'], { count: 30 }))
      await expectNoA11yViolations(page)
      await setPreferences(context, app.baseURL, { theme: 'dark' })
      await page.reload()
      await expect(page.locator('html')).toHaveClass(/dark/)
      await expect(reviews).toBeVisible()
      await expectNoA11yViolations(page)

      // Delete forever asks first.
      await item(trash, 'Gaming').getByRole('button', { name: en['groups.trash.purge'] }).click()
      const purge = page.getByRole('alertdialog', {
        name: fill(en['groups.trash.purgeTitle'], { name: 'Gaming' }),
      })
      await expectNoA11yViolations(page)
      await purge.getByRole('button', { name: en['groups.trash.purge'] }).click()
      await expect(item(trash, 'Gaming')).toHaveCount(0)

      await item(trash, 'Reviews').getByRole('button', { name: en['groups.trash.restore'] }).click()
      await expect(trash.getByText(en['groups.trash.empty'])).toBeVisible()
      await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
      await expect(groupTreeRow(page, 'Reviews')).toBeVisible()
      await expect(groupTreeRow(page, 'Phones')).toHaveAttribute('aria-level', '2')
      await expect(groupTreeRow(page, 'Gaming')).toHaveCount(0)
    })
  })
}
