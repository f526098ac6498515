import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * The lucide icons only the marketing pages import, as a module-id test for
 * the client build's `site-icons` chunk (decision 0063). Read from the
 * sources' `import { … } from 'lucide-react'` at build time, so the chunk
 * follows the pages; an icon any other module imports keeps its own chunk,
 * so no dashboard screen loads the landing's icons.
 */

const MARKETING = `${join('features', 'marketing')}`
const LUCIDE_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'lucide-react'/g
const LUCIDE_INDEX = fileURLToPath(
  new URL('../node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url),
)
const ICON_MODULE = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/

/** Component name → icon file, from lucide-react's own index (`export { default as X } from './icons/x.mjs'`). */
export function iconFiles(index: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const [, names = '', file = ''] of index.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const name of names.matchAll(/default as (\w+)/g)) files.set(name[1] ?? '', file)
  }
  return files
}

/** The component names one source file imports from lucide-react. */
export function importedNames(source: string): string[] {
  return [...source.matchAll(LUCIDE_IMPORT)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map(
        (specifier) =>
          specifier
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean),
  )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** True for the module id of an icon the marketing pages import and no other source does. */
export function publicOnlyIcons(srcDir = 'src'): (id: string) => boolean {
  const files = iconFiles(readFileSync(LUCIDE_INDEX, 'utf8'))
  const marketing = new Set<string>()
  const elsewhere = new Set<string>()
  for (const source of sourceFiles(srcDir)) {
    const into = source.includes(MARKETING) ? marketing : elsewhere
    for (const name of importedNames(readFileSync(source, 'utf8'))) {
      const file = files.get(name)
      if (file) into.add(file)
    }
  }
  return (id) => {
    const name = ICON_MODULE.exec(id)?.[1]
    return name !== undefined && marketing.has(name) && !elsewhere.has(name)
  }
}
