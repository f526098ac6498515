/**
 * Lets a bench import app modules from `src/` as Node runs them (type
 * stripping): maps the `~/` alias and adds the `.ts` extension the app's
 * bundler-style imports leave out. Import this before any dynamic import of src.
 */
import { existsSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

const SRC = new URL('../src/', import.meta.url)

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
})
