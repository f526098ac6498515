/**
 * Steps of the groups organiser the e2e specs share: the tree, its row
 * menu, and creating a group through the form (top level or as a subgroup).
 */
import type { Page } from '@playwright/test'
import { messages as en, type Messages } from '../../../src/lib/i18n/messages/en'
import { expect, fill, gotoHydrated } from '../fixtures'
import type { AppServer } from './app-server'

/**
 * The server a step opens pages of: a spec's own `app`, or `{ baseURL: '' }`
 * for the shared server of playwright.config.ts (paths then resolve against
 * the page's `baseURL`).
 */
export type Server = Pick<AppServer, 'baseURL'>

/** The groups tree (sidebar or /dashboard/groups/), labelled in the language of `t`. */
export function groupTree(page: Page, t: Messages = en) {
  return page.getByRole('tree', { name: t['groups.tree.label'] })
}

/** The tree's row of the group called `name` (its accessible name starts with it). */
export function groupTreeRow(page: Page, name: string, t: Messages = en) {
  return groupTree(page, t).getByRole('treeitem', { name: new RegExp(`^${name}\\b`) })
}

/** Opens the row menu ("Actions for …") of `group` in the tree and picks the item labelled `item`. */
export async function chooseFromGroupMenu(
  page: Page,
  group: string,
  item: string,
  t: Messages = en,
) {
  await page.getByRole('button', { name: fill(t['groups.tree.actions'], { name: group }) }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/**
 * Creates a group through the form and returns its page URL (the page is
 * left on it). Top level by default, from /dashboard/groups/new/; with
 * `parent`, as a subgroup of that group, from its row menu in the tree.
 * `t` is the dictionary of the language the pages are shown in.
 */
export async function createGroup(
  page: Page,
  app: Server,
  name: string,
  options: { parent?: string; t?: Messages } = {},
): Promise<string> {
  const t = options.t ?? en
  if (options.parent) {
    await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
    await chooseFromGroupMenu(page, options.parent, t['groups.menu.addSubgroup'], t)
  } else {
    await gotoHydrated(page, `${app.baseURL}/dashboard/groups/new/`)
  }
  await expect(page).toHaveURL(/\/dashboard\/groups\/new\//)
  await page.getByRole('textbox', { name: t['groups.form.name'] }).fill(name)
  await page.getByRole('button', { name: t['groups.new.submit'] }).click()
  await expect(page).toHaveURL(/\/dashboard\/groups\/[0-9a-f-]{36}\/$/)
  return page.url()
}
