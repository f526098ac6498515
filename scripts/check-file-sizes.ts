/**
 * `npm run lint` (with Biome and the layer check): no source file in src/
 * over 500 lines, so a file keeps to one job. The schema and generated files
 * are the exceptions.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const MAX_LINES = 500
const root = resolve(import.meta.dirname, '..')
const EXEMPT = new Set(['src/db/schema.ts', 'src/routeTree.gen.ts'])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : []
  })
}

const tooLong = sourceFiles(join(root, 'src'))
  .map((path) => ({
    file: relative(root, path),
    lines: readFileSync(path, 'utf8').split('\n').length - 1,
  }))
  .filter(({ file, lines }) => lines > MAX_LINES && !EXEMPT.has(file))

for (const { file, lines } of tooLong) {
  console.error(`${file}: ${lines} lines (at most ${MAX_LINES}: split it by job)`)
}
if (tooLong.length > 0) process.exit(1)
console.log(`file sizes: every file in src/ has at most ${MAX_LINES} lines`)
