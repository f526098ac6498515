import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../src/config/demo-account'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expectNoA11yViolations, gotoHydrated, waitForHydration } from './fixtures'
import { type AppServer, expect, signIn, test } from './support/app-server'
import { groupTreeRow } from './support/organiser-steps'

/*
 * The group Feed tab in Chromium, on the demo account (seeded with demo
 * uploads, so it works whether or not the RSS fakes answer): "Tech" holds
 * no channel itself, so every video comes from its subgroups; Shorts hide,
 * watched sticks (per user) and hides, a video plays in the privacy-enhanced
 * player, and the tree's "new" badge of Tech drops once its feed was seen.
 */

test.describe.configure({ timeout: 120_000 })

/** "12 new videos" with any count, as the tree row's description says it. */
const NEW_VIDEOS = new RegExp(
  `${en['feed.badge.videos.other'].replace('{count}', '\\d+')}|${en['feed.badge.videos.one'].replace('{count}', '1')}`,
)

function cards(page: Page) {
  return page.locator('article[data-video-id]')
}

function shortBadges(page: Page) {
  return cards(page).getByText(en['feed.card.short'], { exact: true })
}

async function openTechFeed(page: Page, app: AppServer) {
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await groupTreeRow(page, 'Tech').getByRole('link', { name: 'Tech' }).click()
  await expect(page.getByRole('heading', { name: 'Tech', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: en['groups.tab.feed'] }).click()
  await expect(page).toHaveURL(/[?&]tab=feed/)
  await expect(page.getByRole('heading', { name: en['feed.title'] })).toBeVisible()
  await expect(cards(page).first()).toBeVisible()
}

test("a group's feed gathers its subgroups, filters Shorts and watched, and its badge drops", async ({
  page,
  app,
  browserErrors,
}) => {
  // The player frame points at YouTube; tests never leave the machine, so it is blocked.
  browserErrors.allow(/youtube-nocookie\.com/)
  await signIn(page, app, DEMO_ACCOUNT)
  await expect(page).toHaveURL(`${app.baseURL}/dashboard/`)

  // Never visited: Tech's row says how many videos of the last week are new.
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(groupTreeRow(page, 'Tech')).toHaveAccessibleDescription(NEW_VIDEOS)
  await expectNoA11yViolations(page)

  await openTechFeed(page, app)
  // Tech has no channel of its own: Fireship sits in Tech › Programming › Web.
  const channel = page.getByRole('combobox', { name: en['feed.filters.channel'] })
  await expect(channel.getByRole('option', { name: 'Fireship', exact: true })).toHaveCount(1)
  await expect(page.getByText(en['feed.card.new'], { exact: true }).first()).toBeVisible()
  await expectNoA11yViolations(page)

  // One channel, then without its Shorts (every demo channel has some).
  await channel.selectOption({ label: 'Fireship' })
  await expect(cards(page).first()).toBeVisible()
  await expect(shortBadges(page).first()).toBeVisible()
  const withShorts = await cards(page).count()
  await page.getByRole('switch', { name: en['feed.filters.hideShorts'] }).check()
  await expect(shortBadges(page)).toHaveCount(0)
  await expect.poll(() => cards(page).count()).toBeLessThan(withShorts)
  await expect(cards(page).first()).toBeVisible()

  // Watched: pressed at once, still pressed after a reload, then hidden.
  const first = cards(page).first()
  const videoId = await first.getAttribute('data-video-id')
  const title = (await first.getByRole('heading').textContent()) ?? ''
  const watched = first.getByRole('button', {
    name: en['feed.card.markWatched'].replace('{title}', title),
  })
  await expect(watched).toHaveAttribute('aria-pressed', 'false')
  await watched.click()
  await expect(watched).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await waitForHydration(page)
  // Filters live in the page, not the URL: pick the channel again.
  await channel.selectOption({ label: 'Fireship' })
  const again = page.locator(`article[data-video-id="${videoId}"]`)
  await expect(again.getByRole('button', { name: /./, pressed: true })).toBeVisible()
  await page.getByRole('switch', { name: en['feed.filters.hideWatched'] }).check()
  await expect(page.locator(`article[data-video-id="${videoId}"]`)).toHaveCount(0)
  await page.getByRole('switch', { name: en['feed.filters.hideWatched'] }).uncheck()

  // The player: the privacy-enhanced embed with a title, a way out to YouTube; playing marks watched.
  const other = cards(page).nth(1)
  const otherId = (await other.getAttribute('data-video-id')) ?? ''
  const otherTitle = (await other.getByRole('heading').textContent()) ?? ''
  await other
    .getByRole('button', { name: en['feed.card.play'].replace('{title}', otherTitle) })
    .click()
  const dialog = page.getByRole('dialog', { name: otherTitle })
  await expect(dialog).toBeVisible()
  const frame = dialog.locator('iframe')
  await expect(frame).toHaveAttribute(
    'title',
    en['feed.player.frameTitle'].replace('{title}', otherTitle),
  )
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${otherId}\\b`),
  )
  await expect(dialog.getByRole('link', { name: en['feed.player.openOnYouTube'] })).toHaveAttribute(
    'href',
    new RegExp(`^https://www\\.youtube\\.com/(watch\\?v=|shorts/)${otherId}$`),
  )
  await dialog.getByRole('button', { name: en['feed.player.close'] }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page
      .locator(`article[data-video-id="${otherId}"]`)
      .getByRole('button', { name: /./, pressed: true }),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  // Seen: Tech's badge is gone from the tree.
  await gotoHydrated(page, `${app.baseURL}/dashboard/groups/`)
  await expect(groupTreeRow(page, 'Tech')).toBeVisible()
  await expect(groupTreeRow(page, 'Tech')).not.toHaveAccessibleDescription(NEW_VIDEOS)
})
