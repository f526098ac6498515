import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { root } from '../server-function-gates'
import type { MatrixModule } from './rows'

/*
 * Every export has a row or is marked internal, and every server module of
 * the domain is in the matrix or marked internal: a module split in two, or
 * a new one, cannot slip past the table.
 */

/** What is missing or stale in one module's declaration. */
export async function exportGaps(module: MatrixModule): Promise<string[]> {
  const file = join(root, `${module.path}.ts`)
  if (!existsSync(file)) return [`${module.path}: no such module`]
  const gaps: string[] = []
  const loaded: Record<string, unknown> = await import(/* @vite-ignore */ file)
  const exported = Object.entries(module.exports)
  if (
    Object.keys(loaded).length !== exported.length ||
    exported.some(([name, value]) => loaded[name] !== value)
  ) {
    gaps.push(`${module.path}: the declared exports are not this module's`)
  }
  for (const [name] of exported) {
    const entry = module.rows[name]
    if (!entry) gaps.push(`${module.path}#${name}: no row and not marked internal`)
    else if (Array.isArray(entry) && entry.length === 0) gaps.push(`${module.path}#${name}: no row`)
  }
  for (const name of Object.keys(module.rows)) {
    if (!(name in module.exports)) gaps.push(`${module.path}#${name}: not exported any more`)
  }
  return gaps
}

/**
 * The `*.server.ts` modules of `folder` that are neither in `modules` nor in
 * `accounted` (internal ones with their reason, or those another matrix file
 * covers).
 */
export function unaccountedModules(
  folder: string,
  modules: readonly MatrixModule[],
  accounted: Readonly<Record<string, string>>,
): string[] {
  const declared = new Set(modules.map((module) => module.path))
  return readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.server.ts'))
    .map((name) => `${folder}/${name.slice(0, -'.ts'.length)}`)
    .filter((path) => !declared.has(path) && !(path in accounted))
}
