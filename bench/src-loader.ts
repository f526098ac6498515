/**
 * Lets a bench import app modules from `src/` as Node runs them (type
 * stripping): maps the `~/` alias and adds the `.ts` extension the app's
 * bundler-style imports leave out, and stands in for the one Vite-only
 * construct on the server side: the migrations' `import.meta.glob`. Import
 * this before any dynamic import of src.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

const SRC = new URL('../src/', import.meta.url)
const MIGRATIONS = new URL('../drizzle/', import.meta.url)
const MIGRATE_MODULE = new URL('db/migrate.server.ts', SRC).href

/** What Vite's eager `?raw` glob of drizzle/*.sql yields, keyed like Vite keys it. */
function migrationFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql'))) {
    files[`../../drizzle/${name}`] = readFileSync(new URL(name, MIGRATIONS), 'utf8')
  }
  return files
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const aliased = specifier.startsWith('~/') ? new URL(specifier.slice(2), SRC).href : specifier
    const fromSrc = context.parentURL?.startsWith(SRC.href) || aliased.startsWith(SRC.href)
    if (fromSrc && (aliased.startsWith('.') || aliased.startsWith('file:'))) {
      const target = new URL(aliased, context.parentURL)
      if (!existsSync(fileURLToPath(target))) {
        for (const extension of ['.ts', '.tsx']) {
          const candidate = `${target.href}${extension}`
          if (existsSync(fileURLToPath(candidate))) return nextResolve(candidate, context)
        }
      }
      return nextResolve(target.href, context)
    }
    return nextResolve(aliased, context)
  },
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context)
    if (url !== MIGRATE_MODULE) return loaded
    const source = String(loaded.source).replace(
      /import\.meta\.glob<string>\([^)]*\)/s,
      // A function, not a string: a replacement string would turn the SQL's `$$` into `$`.
      () => JSON.stringify(migrationFiles()),
    )
    return { ...loaded, source }
  },
})
