/**
 * Whether `.output/` must be rebuilt: shared by `npm test`, `npm start` and
 * `npm run bench:web`, so all three agree on what a stale build is.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What the build reads; a change to any of these makes `.output/` stale. */
export const BUILD_INPUTS = [
  'src',
  'drizzle',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
]

export const BUILD_OUTPUT = '.output/server/index.mjs'

/** Newest modification time (ms) of a file, or of any file below a directory. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(join(path, entry.name)))
  }
  return newest
}

/** True when the server build is missing or older than any build input. */
export function needsBuild(root: string): boolean {
  const output = join(root, BUILD_OUTPUT)
  if (!existsSync(output)) return true
  const built = statSync(output).mtimeMs
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > built)
}
