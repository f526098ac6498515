import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { messages as en } from './messages/en'
import { messages as es } from './messages/es'
import { messages as pt } from './messages/pt'

const SRC = fileURLToPath(new URL('../../', import.meta.url))
const MESSAGES_DIR = fileURLToPath(new URL('./messages/', import.meta.url))

const dictionaries: Record<string, Record<string, string>> = { en, pt, es }
/** The per-area dictionaries (`messages/<area>/<language>.ts`), each merged into its language's. */
const areaModules = import.meta.glob<Record<string, unknown>>('./messages/*/*.ts', { eager: true })
const textsSchema = z.record(z.string(), z.string())
const translations = Object.entries(dictionaries).filter(([name]) => name !== 'en')
const englishKeys = Object.keys(en)

function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort()
}

/** Every source file under src/, except the dictionaries themselves and tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return `${path}${sep}` === MESSAGES_DIR ? [] : sourceFiles(path)
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return []
    return [path]
  })
}

describe('translation dictionaries', () => {
  it.each(translations)('%s has exactly the keys of en', (_name, dictionary) => {
    const keys = Object.keys(dictionary)
    expect({
      missing: englishKeys.filter((key) => !keys.includes(key)),
      extra: keys.filter((key) => !englishKeys.includes(key)),
    }).toEqual({ missing: [], extra: [] })
  })

  it.each(translations)('%s lists its keys in the order of en', (_name, dictionary) => {
    expect(Object.keys(dictionary)).toEqual(englishKeys)
  })

  it.each(translations)('%s uses the same {placeholders} as en for every key', (_name, dict) => {
    const mismatched = Object.entries(en)
      .filter(([key]) => key in dict)
      .map(([key, template]) => ({
        key,
        en: placeholders(template),
        translated: placeholders(dict[key] ?? ''),
      }))
      .filter((entry) => entry.en.join() !== entry.translated.join())
    expect(mismatched).toEqual([])
  })

  it.each(Object.entries(dictionaries))('%s has no empty strings', (_name, dictionary) => {
    const empty = Object.entries(dictionary)
      .filter(([, value]) => value.trim() === '')
      .map(([key]) => key)
    expect(empty).toEqual([])
  })

  it.each(Object.entries(dictionaries))('%s merges every area dictionary', (name, dictionary) => {
    const areas = Object.entries(areaModules).filter(([path]) => path.endsWith(`/${name}.ts`))
    expect(areas.length).toBeGreaterThan(10)
    for (const [path, module] of areas) {
      for (const texts of Object.values(module).map((value) => textsSchema.parse(value))) {
        const lost = Object.entries(texts).filter(([key, text]) => dictionary[key] !== text)
        expect(
          lost.map(([key]) => key),
          `${path} not merged`,
        ).toEqual([])
      }
    }
  })

  it('keeps the product tagline untranslated in meta titles', () => {
    for (const dictionary of Object.values(dictionaries)) {
      expect(dictionary['meta.title.home']).toContain('Group youtube subscriptions')
      expect(dictionary['meta.title.suffix']).toContain('Group youtube subscriptions')
    }
  })

  it('every key of en is used as a quoted literal somewhere in src/', () => {
    const files = sourceFiles(SRC)
    // Guard against a broken walk: the dictionaries are skipped, app code is read.
    expect(
      files.some((file) => relative(SRC, file).startsWith(`lib${sep}i18n${sep}messages`)),
    ).toBe(false)
    expect(files.length).toBeGreaterThan(20)
    const code = files.map((file) => readFileSync(file, 'utf8')).join('\n')
    const unused = englishKeys.filter(
      (key) => !["'", '"', '`'].some((quote) => code.includes(`${quote}${key}${quote}`)),
    )
    expect(unused, `unused message keys: ${unused.join(', ')}`).toEqual([])
  })
})
