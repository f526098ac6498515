/**
 * What every bench shares: cleanup of whatever it started (however it ends),
 * temp dirs, building when the build is stale, and the commit measured.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { needsBuild } from '../scripts/build-freshness.ts'

export const root = resolve(import.meta.dirname, '..')

const cleanups: (() => void)[] = []

/** Stops and removes everything registered so far (also runs on exit). */
export function cleanUpAll() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup()
    } catch (error) {
      console.error('cleanup failed:', error)
    }
  }
}
process.on('exit', cleanUpAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143))
}

/** Runs `cleanup` on the way out, last registered first. */
export function onCleanup(cleanup: () => void) {
  cleanups.push(cleanup)
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export function ensureBuild() {
  if (!needsBuild(root)) return
  console.error('bench: .output is missing or stale, building…')
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 2, 2],
    },
  )
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`)
}

export function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
  } catch {
    return undefined
  }
}
