import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test'
import { fakeChannelId, seededRandom } from '../../src/seed/factories/organiser.server'

export { expect }

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

type BrowserErrors = {
  /** Errors the browser reported so far that no `allow()` pattern matches. */
  readonly unexpected: () => string[]
  /**
   * Declares console errors or page errors this test expects (e.g. the 404
   * of an unknown page); everything else fails the test when it ends.
   */
  allow: (...patterns: RegExp[]) => void
}

type Fixtures = {
  /**
   * Fails the test on any unexpected browser console error, uncaught page
   * error, or request to a host other than this machine.
   */
  browserErrors: BrowserErrors
}

export const test = base.extend<Fixtures>({
  browserErrors: [
    async ({ context }, use) => {
      const seen: string[] = []
      const allowed: RegExp[] = []
      // On the context, so pages a test opens itself (popups, new tabs) are watched too.
      context.on('console', (message) => {
        if (message.type() !== 'error') return
        const { url, lineNumber } = message.location()
        seen.push(`console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ''}`)
      })
      context.on('weberror', (webError) => {
        const error = webError.error()
        seen.push(`uncaught ${error.name}: ${error.message}`)
      })
      // Tests never touch the internet: any request off this machine is aborted and fails the test.
      await context.route(
        (url) => !LOCAL_HOSTS.has(url.hostname),
        (route) => {
          seen.push(`request off the machine blocked: ${route.request().url()}`)
          return route.abort('blockedbyclient')
        },
      )
      const unexpected = () => seen.filter((text) => !allowed.some((pattern) => pattern.test(text)))
      await use({ unexpected, allow: (...patterns) => allowed.push(...patterns) })
      expect(unexpected(), 'unexpected errors in the browser').toEqual([])
    },
    { auto: true },
  ],
})

/** Reads the dictionary text of a key and fills `{name}` placeholders. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

/**
 * Navigates and waits until React has hydrated the page, so the next click or
 * select reaches an event handler instead of inert server-rendered HTML.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url)
  await waitForHydration(page)
  return response
}

/**
 * Clicks `target` and resolves with the answer to the POST it sends to a path
 * matching `path`. A loaded server may answer later than an expectation's few
 * seconds; this waits for the answer itself, bounded only by the test's timeout.
 */
export async function clickForAnswer(
  page: Page,
  target: Locator,
  path: string | RegExp,
): Promise<Response> {
  const answer = page.waitForResponse((response) => {
    const { pathname } = new URL(response.url())
    const matches = typeof path === 'string' ? pathname === path : path.test(pathname)
    return matches && response.request().method() === 'POST'
  })
  await target.click()
  return answer
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main')
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps'))
  })
}

/** Opens the header's display-settings popover and returns it. */
export async function openDisplaySettings(page: Page, label = 'Display settings') {
  await page.getByRole('button', { name: label }).click()
  const popover = page.getByRole('dialog', { name: label })
  await expect(popover).toBeVisible()
  return popover
}

export type Rgb = { r: number; g: number; b: number; a: number }

/**
 * A computed CSS colour (any syntax the browser knows, e.g. oklch) as sRGB,
 * by painting it on a canvas: comparisons then do not depend on how the
 * browser serialises colours.
 */
export async function computedColor(
  element: Locator,
  property: 'background-color' | 'color',
): Promise<Rgb> {
  return element.first().evaluate((node, prop) => {
    const value = getComputedStyle(node).getPropertyValue(prop)
    const canvas = document.createElement('canvas')
    canvas.width = 1
    canvas.height = 1
    const context = canvas.getContext('2d', { willReadFrequently: true })
    if (!context) throw new Error('no 2d canvas')
    context.fillStyle = value
    context.fillRect(0, 0, 1, 1)
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data
    return { r, g, b, a: a / 255 }
  }, property)
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The page's body background is dark (zinc-950) or light (white). */
export async function bodyIsDark(page: Page): Promise<boolean> {
  return luminance(await computedColor(page.locator('body'), 'background-color')) < 0.05
}

type A11yReport = {
  rule: string
  impact: string | null | undefined
  help: string
  nodes: { target: string; summary: string | undefined }[]
}[]

async function a11yReport(page: Page, exclude: readonly string[]): Promise<A11yReport> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of exclude) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      summary: node.failureSummary,
    })),
  }))
}

/** The rules and first targets in one line: a CI summary prints only an error's first line. */
function briefOf(report: A11yReport): string {
  return report
    .map(
      (violation) =>
        `${violation.rule} (${violation.nodes
          .map((node) => node.target)
          .slice(0, 3)
          .join(', ')})`,
    )
    .join('; ')
}

/**
 * Fails with a readable list when axe finds WCAG 2.0/2.1 A or AA violations.
 * A finding is checked again a second later before it fails the test: on a
 * loaded machine axe has twice reported a page still being drawn (never seen
 * again in dozens of runs, its rule unknown). A violation that stays fails;
 * one that went away is printed, so the next occurrence names its rule.
 */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  const exclude = options.exclude ?? []
  const first = await a11yReport(page, exclude)
  if (first.length === 0) return
  await page.waitForTimeout(1_000)
  const report = await a11yReport(page, exclude)
  if (report.length === 0) {
    console.warn(`axe: gone a second later on ${page.url()}: ${briefOf(first)}`)
    return
  }
  expect(report, `accessibility violations on ${page.url()}: ${briefOf(report)}`).toEqual([])
}

/**
 * A Google Takeout subscriptions CSV of `count` generated channels, titled
 * "Channel 0", "Channel 1"…, written to a temporary file whose path is returned.
 */
export function writeTakeoutCsv(count: number): string {
  const random = seededRandom(count)
  const lines = ['Channel Id,Channel Url,Channel Title']
  for (let at = 0; at < count; at += 1) {
    const id = fakeChannelId(random)
    lines.push(`${id},http://www.youtube.com/channel/${id},Channel ${at}`)
  }
  const file = join(tmpdir(), `tubefold-e2e-${count}-${Date.now()}.csv`)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** The import preview's confirm button, which counts what is ticked ("Import 12 channels into 2 groups"). */
export const CONFIRM_IMPORT = /^Import \d/

/**
 * A drag as a person makes it (dnd-kit listens to pointer events, so
 * `locator.dragTo`'s single move is not enough): press on `from`, move in
 * small steps past the few pixels that start a drag to `to` (its middle, or
 * `toY` of its height down), run `whileOver` (e.g. check the drop mark), release.
 */
export async function dragByMouse(
  page: Page,
  from: Locator,
  to: Locator,
  options: { toY?: number; whileOver?: () => Promise<void> } = {},
) {
  const start = await from.boundingBox()
  if (!start) throw new Error('nothing to drag')
  const x = start.x + Math.min(start.width / 2, 200)
  const y = start.y + start.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 4, y + 4, { steps: 2 })
  await page.mouse.move(x + 20, y + 20, { steps: 4 })
  // Read after the drag started: a list may have moved (autoscroll).
  const end = await to.boundingBox()
  if (!end) throw new Error('nowhere to drop')
  const toY = end.y + end.height * (options.toY ?? 0.5)
  const toX = end.x + end.width / 2
  await page.mouse.move(toX, toY, { steps: 12 })
  const whileOver = options.whileOver
  if (whileOver) {
    // On a loaded machine the drag may start after the last move was handled, and
    // autoscroll (the drag began near the window's bottom) may still move the target:
    // go to where it is now, a pixel aside each time, until it answers, then check.
    let nudge = 0
    await expect(async () => {
      nudge = 1 - nudge
      const now = await to.boundingBox()
      if (!now) throw new Error('nowhere to drop')
      await page.mouse.move(
        now.x + now.width / 2 + nudge,
        now.y + now.height * (options.toY ?? 0.5),
      )
      await whileOver()
    }).toPass({ timeout: 20_000 })
  }
  await page.mouse.up()
}
