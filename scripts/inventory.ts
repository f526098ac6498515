/**
 * Lists every route, server function, job and schedule of `src/`, one a line,
 * so a move of code can be checked for nothing dropped:
 *
 *   node scripts/inventory.ts [--no-paths]
 *
 * `--no-paths` leaves out where each one lives: two lists taken before and
 * after a move must then be identical.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const src = join(root, 'src')
const withPaths = !process.argv.includes('--no-paths')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const lines: string[] = []
const add = (kind: string, name: string, file: string) =>
  lines.push(withPaths ? `${kind} ${name}  ${relative(root, file)}` : `${kind} ${name}`)

const routeTree = join(src, 'routeTree.gen.ts')
const byFullPath = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(
  readFileSync(routeTree, 'utf8'),
)
for (const match of byFullPath?.[1]?.matchAll(/^\s*'([^']+)':/gm) ?? []) {
  if (match[1]) add('route', match[1], routeTree)
}

for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(/export const (\w+) = createServerFn\(\{ method: '(\w+)'/g)) {
    add('server-function', `${match[1]} ${match[2]}`, file)
  }
  // A job's name is a string or a constant: listed as written, with its export.
  for (const match of text.matchAll(
    /export const (\w+) = define(Job|Schedule)\(\{\s*name: ([^,]+),/g,
  )) {
    add(match[2] === 'Job' ? 'job' : 'schedule', `${match[1]} ${match[3]}`, file)
  }
}

lines.sort()
process.stdout.write(`${lines.join('\n')}\n`)
