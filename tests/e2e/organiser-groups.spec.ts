import { messages as en } from '../../src/lib/i18n/messages/en'
import { messages as pt } from '../../src/lib/i18n/messages/pt'
import {
  dragByMouse,
  expectNoA11yViolations,
  fill,
  gotoHydrated,
  waitForHydration,
} from './fixtures'
import { expect, signUpConfirmed, test } from './support/app-server'
import { chooseFromGroupMenu, createGroup, groupTreeRow } from './support/organiser-steps'
import { setPreferences } from './support/preference-steps'

/*
 * The groups tree in Chromium, each test with a fresh account: building a
 * three-level tree with icons, moving groups with the mouse and the keyboard,
 * deleting a subtree, a stale edit refused, and one flow in Portuguese.
 */

// Each test signs up a fresh account and walks a whole flow.
test.describe.configure({ timeout: 120_000 })

/** A server function that refuses (stale version, taken name) answers with an error status. */
const SERVER_FN_REFUSAL = /status of 500 .*\/_serverFn\//

test('builds a three-level tree with icons, moves groups by mouse and keyboard, deletes a subtree', async ({
  page,
  app,
}) => {
  await signUpConfirmed(page, app, 'organiser')
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(page.getByRole('heading', { name: en['groups.empty.title'] })).toBeVisible()
  await expectNoA11yViolations(page)

  // Tech › Reviews › Phones, with an icon picked from the lucide search on Tech.
  await page.getByRole('link', { name: en['groups.empty.create'] }).click()
  await page.getByRole('textbox', { name: en['groups.form.name'] }).fill('Tech')
  await page.getByRole('button', { name: en['groups.iconPicker.open'] }).click()
  const picker = page.getByRole('dialog', { name: en['groups.iconPicker.title'] })
  await picker.getByRole('searchbox', { name: en['groups.iconPicker.searchIcons'] }).fill('rocket')
  await picker.getByRole('option', { name: 'rocket', exact: true }).click()
  await expect(picker).toBeHidden()
  await page.getByRole('radio', { name: en['groups.color.purple'] }).check()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: en['groups.new.submit'] }).click()
  await expect(page).toHaveURL(/\/dashboard\/groups\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('heading', { name: 'Tech', level: 1 })).toBeVisible()

  await createGroup(page, app, 'Reviews', { parent: 'Tech' })
  await createGroup(page, app, 'Phones', { parent: 'Reviews' })
  await createGroup(page, app, 'Gaming')
  await createGroup(page, app, 'Consoles')

  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(groupTreeRow(page, 'Phones')).toHaveAttribute('aria-level', '3')
  await expect(groupTreeRow(page, 'Consoles')).toHaveAttribute('aria-level', '1')
  await expectNoA11yViolations(page)

  // Mouse: drop Consoles in the middle of the Gaming row (inside it).
  const refetchedTree = page.waitForResponse(
    async (response) =>
      response.url().includes('/_serverFn/') &&
      (await response.body()).subarray(0, 10).toString() === '{"groups":',
  )
  await dragByMouse(page, groupTreeRow(page, 'Consoles'), groupTreeRow(page, 'Gaming'), {
    whileOver: async () => {
      // The row it would land in is marked, and what is dragged follows the pointer.
      await expect(groupTreeRow(page, 'Gaming')).toHaveAttribute('data-drop', 'inside')
      await expect(page.locator('[data-drag-overlay]')).toHaveText('Consoles')
    },
  })
  await expect(groupTreeRow(page, 'Consoles')).toHaveAttribute('aria-level', '2')
  // The tree travels compressed, under an ETag of that encoding.
  const tree = await refetchedTree
  expect(await tree.headerValue('content-encoding')).toBe('br')
  expect(await tree.headerValue('etag')).toMatch(/-br"$/)

  // Keyboard: Alt+ArrowLeft takes Phones out of Reviews (into Tech).
  await groupTreeRow(page, 'Phones').focus()
  await page.keyboard.press('Alt+ArrowLeft')
  await expect(groupTreeRow(page, 'Phones')).toHaveAttribute('aria-level', '2')
  // The move is saved, not only shown.
  await page.reload()
  await waitForHydration(page)
  await expect(groupTreeRow(page, 'Phones')).toHaveAttribute('aria-level', '2')
  await expect(groupTreeRow(page, 'Consoles')).toHaveAttribute('aria-level', '2')

  // A move into its own subgroup is refused in the "Move to…" dialog.
  await chooseFromGroupMenu(page, 'Tech', en['groups.menu.move'])
  const move = page.getByRole('dialog', { name: fill(en['groups.move.title'], { name: 'Tech' }) })
  await expect(move.getByRole('radio', { name: /^Reviews/ })).toBeDisabled()
  await move.getByRole('radio', { name: /^Gaming/ }).check()
  await expectNoA11yViolations(page)
  await move.getByRole('button', { name: en['groups.move.confirm'] }).click()
  await expect(groupTreeRow(page, 'Tech')).toHaveAttribute('aria-level', '2')
  await expect(groupTreeRow(page, 'Reviews')).toHaveAttribute('aria-level', '3')

  // Deleting Tech takes its two subgroups; the confirmation says so.
  await chooseFromGroupMenu(page, 'Tech', en['groups.menu.delete'])
  const confirm = page.getByRole('alertdialog', {
    name: fill(en['groups.delete.title'], { name: 'Tech' }),
  })
  await expect(
    confirm.getByText(fill(en['groups.delete.subgroups.other'], { count: 2 })),
  ).toBeVisible()
  await confirm.getByRole('button', { name: en['groups.delete.confirm'] }).click()
  await expect(groupTreeRow(page, 'Tech')).toHaveCount(0)
  await expect(groupTreeRow(page, 'Reviews')).toHaveCount(0)
  await expect(groupTreeRow(page, 'Phones')).toHaveCount(0)
  await page.reload()
  await waitForHydration(page)
  await expect(groupTreeRow(page, 'Gaming')).toBeVisible()
  await expect(groupTreeRow(page, 'Tech')).toHaveCount(0)
})

test('a stale edit from a second tab is refused, never overwriting the newer one', async ({
  page,
  app,
  context,
  browserErrors,
}) => {
  browserErrors.allow(SERVER_FN_REFUSAL)
  await signUpConfirmed(page, app, 'stale')
  await createGroup(page, app, 'Recipes')
  const editUrl = `${page.url()}edit/`

  const second = await context.newPage()
  await gotoHydrated(second, editUrl)
  await gotoHydrated(page, editUrl)

  await page.getByRole('textbox', { name: en['groups.form.name'] }).fill('Baking')
  await page.getByRole('button', { name: en['groups.edit.submit'] }).click()
  await expect(page).toHaveURL(/\/dashboard\/groups\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('heading', { name: 'Baking', level: 1 })).toBeVisible()

  await second.getByRole('textbox', { name: en['groups.form.name'] }).fill('Desserts')
  await second.getByRole('button', { name: en['groups.edit.submit'] }).click()
  await expect(second.getByText(en['organiser.error.stale'])).toBeVisible()
  await expect(second.getByRole('button', { name: en['groups.form.reload'] })).toBeVisible()
  await expectNoA11yViolations(second)

  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(groupTreeRow(page, 'Baking')).toBeVisible()
  await expect(groupTreeRow(page, 'Desserts')).toHaveCount(0)
})

test('in Portuguese: create a group and a subgroup, and a taken name is refused', async ({
  page,
  app,
  context,
  browserErrors,
}) => {
  browserErrors.allow(SERVER_FN_REFUSAL)
  await signUpConfirmed(page, app, 'pt')
  await setPreferences(context, app.baseURL, { language: 'pt' })
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(page.getByRole('heading', { name: pt['groups.empty.title'] })).toBeVisible()
  await createGroup(page, app, 'Culinária', { t: pt })
  await createGroup(page, app, 'Pães', { parent: 'Culinária', t: pt })
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(groupTreeRow(page, 'Pães', pt)).toHaveAttribute('aria-level', '2')

  // Same name among siblings, different case: refused on the field, in Portuguese.
  await page.getByRole('link', { name: pt['groups.tree.new'], exact: true }).click()
  await page.getByRole('textbox', { name: pt['groups.form.name'] }).fill('CULINÁRIA')
  await page.getByRole('button', { name: pt['groups.new.submit'] }).click()
  await expect(
    page.getByText(fill(pt['organiser.error.nameTaken'], { name: 'CULINÁRIA' })),
  ).toBeVisible()
  await expectNoA11yViolations(page)
})
