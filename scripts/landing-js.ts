/**
 * The landing page's JS budget: starts the built server (`.output`), fetches `/`
 * and sums the gzipped bytes of every JS file the page asks for up front —
 * `<script src>`, `<link rel="modulepreload">` and whatever those import
 * statically. Dynamic `import()` is not counted: it loads only when used.
 *
 *   node scripts/landing-js.ts [--budget=<bytes>]
 *
 * Deterministic: bytes of built files at gzip level 9, never a timing.
 * Exits 1 above the ceiling (decision 0047) and says how far it is from the
 * 150 KiB budget.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  cleanUpAll,
  root,
  startServer,
  stopServer,
  tempDir,
  waitForHealth,
} from '../bench/harness.ts'
import { freePort } from './postgres-cluster.ts'

/** What `/` may preload (issue 24). */
export const LANDING_JS_BUDGET_BYTES = 150 * 1024
/**
 * What `npm test` holds: the budget itself since the route tree validates
 * search params without zod and the client build merges the entry's chunks
 * (decision 0063; 181.6 → 148.1 KiB).
 */
export const LANDING_JS_CEILING_BYTES = LANDING_JS_BUDGET_BYTES

export type ShippedFile = { path: string; bytes: number; gzipBytes: number; via: 'page' | 'import' }
export type ShippedJs = { files: ShippedFile[]; gzipBytes: number }

/** JS URLs (pathnames) the HTML loads up front: module scripts and modulepreload links. */
export function pageScripts(html: string, base: string): string[] {
  const urls = new Set<string>()
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
    const url = tag.toLowerCase().startsWith('<script')
      ? attr('src')
      : attr('rel')?.toLowerCase() === 'modulepreload'
        ? attr('href')
        : undefined
    if (url) urls.add(new URL(url, base).pathname)
  }
  return [...urls].filter((path) => /\.m?js$/.test(path))
}

/**
 * Specifiers a built module imports statically (`import … from "x"`,
 * `import "x"`, `export … from "x"`). `import("x")` has a parenthesis where
 * these have a name, brace, star or quote, so dynamic imports never match.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>()
  const pattern =
    /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{][^"'();]*?\bfrom\s*)?["']([^"']+)["']/g
  for (const match of code.matchAll(pattern)) {
    const specifier = match[1]
    if (specifier?.startsWith('.') || specifier?.startsWith('/')) found.add(specifier)
  }
  return [...found]
}

/** The page's scripts plus their static import graph, each file gzipped once. */
export function shippedJs(entries: string[], read: (path: string) => Buffer): ShippedJs {
  const files: ShippedFile[] = []
  const seen = new Set<string>()
  const pending: { path: string; via: ShippedFile['via'] }[] = entries.map((path) => ({
    path,
    via: 'page',
  }))
  for (const path of entries) seen.add(path)
  while (pending.length) {
    const next = pending.shift()
    if (!next) break
    const body = read(next.path)
    files.push({ ...next, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length })
    for (const specifier of staticImports(body.toString('utf8'))) {
      const path = specifier.startsWith('/')
        ? specifier
        : posix.join(posix.dirname(next.path), specifier)
      if (seen.has(path)) continue
      seen.add(path)
      pending.push({ path, via: 'import' })
    }
  }
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) }
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** Per-file lines, largest first, then the total against the budget. */
export function report(js: ShippedJs, budget: number, top = Number.POSITIVE_INFINITY): string {
  const sorted = [...js.files].sort((a, b) => b.gzipBytes - a.gzipBytes)
  const lines = sorted
    .slice(0, top)
    .map(
      (file) =>
        `  ${kib(file.gzipBytes).padStart(10)}  ${file.path}${file.via === 'import' ? '  (static import only)' : ''}`,
    )
  if (sorted.length > top) lines.push(`  … and ${sorted.length - top} smaller files`)
  lines.push(
    `JS preloaded by /: ${kib(js.gzipBytes)} gzipped (${js.gzipBytes} bytes, gzip -9) in ${js.files.length} files; ceiling ${kib(budget)}; budget ${kib(LANDING_JS_BUDGET_BYTES)} (${(js.gzipBytes / LANDING_JS_BUDGET_BYTES).toFixed(2)}× of it)`,
  )
  return lines.join('\n')
}

const publicDir = join(root, '.output/public')
const entry = join(root, '.output/server/index.mjs')

async function main() {
  const budgetArg = process.argv.find((arg) => arg.startsWith('--budget='))
  const budget = budgetArg ? Number(budgetArg.slice('--budget='.length)) : LANDING_JS_CEILING_BYTES
  if (!Number.isFinite(budget) || budget <= 0) {
    console.error(`--budget must be a positive number of bytes, got ${budgetArg}`)
    process.exit(2)
  }
  if (!existsSync(entry)) {
    console.error(`No build at ${entry}: run \`npm run build\` first`)
    process.exit(1)
  }
  const server = startServer(entry, tempDir('tubefold-landing-js-'), await freePort(), {
    APP_ENV: 'test',
  })
  let js: ShippedJs
  try {
    await waitForHealth(server)
    const response = await fetch(`${server.base}/`)
    if (!response.ok) throw new Error(`/ answered ${response.status}`)
    const html = await response.text()
    js = shippedJs(pageScripts(html, server.base), (path) => {
      const file = join(publicDir, path)
      if (!file.startsWith(`${publicDir}/`) || !existsSync(file)) {
        throw new Error(`${path} is loaded by / but is not in ${dirname(file)}`)
      }
      return readFileSync(file)
    })
  } finally {
    await stopServer(server)
    cleanUpAll()
  }
  const over = js.gzipBytes > budget
  console.log(report(js, budget, over ? 20 : Number.POSITIVE_INFINITY))
  if (over) {
    console.error(
      `✗ / preloads ${kib(js.gzipBytes)} of JS, over the ${kib(budget)} ceiling: a public page imports dashboard code?`,
    )
    process.exit(1)
  }
  console.log(
    js.gzipBytes > LANDING_JS_BUDGET_BYTES
      ? `✓ within the ceiling; ${kib(js.gzipBytes - LANDING_JS_BUDGET_BYTES)} still to cut for the budget`
      : '✓ within budget',
  )
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
