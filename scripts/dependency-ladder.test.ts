import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * The ladder of domains is held by `.dependency-cruiser.cjs`; this cruises a
 * small tree of its own with those rules, so a rule that stopped refusing
 * (a typo in a pattern, a rung left out) fails here and not in review.
 */

type LadderConfig = IFlattenedRuleSet & { ladder: string[][] }
const config: LadderConfig = createRequire(import.meta.url)('../.dependency-cruiser.cjs')

let root: string

/** Writes `from` importing `to` (both under src/), and an empty `to`. */
function importer(from: string, to: string) {
  const path = join(root, 'src', from)
  mkdirSync(dirname(path), { recursive: true })
  const target = join(root, 'src', to)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, 'export const value = 1\n')
  writeFileSync(path, `import { value } from '${relativeImport(from, to)}'\nexport { value }\n`)
}

function relativeImport(from: string, to: string): string {
  const up = '../'.repeat(from.split('/').length - 1)
  return `./${up}${to.replace(/\.ts$/, '')}`
}

async function violations(from: string, to: string): Promise<string[]> {
  rmSync(join(root, 'src'), { recursive: true, force: true })
  importer(from, to)
  const { output } = await cruise(['src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  })
  const result = output as ICruiseResult
  return result.summary.violations.map((violation) => violation.rule.name)
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tubefold-ladder-'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the ladder of domains', () => {
  it('has at least five rungs, every domain on one of them once', () => {
    expect(config.ladder.length).toBeGreaterThanOrEqual(5)
    const domains = config.ladder.flat()
    expect(new Set(domains).size).toBe(domains.length)
  })

  it('lets a domain import a lower rung and itself', async () => {
    expect(await violations('features/sharing/a.ts', 'features/groups/b.ts')).toEqual([])
    expect(await violations('features/groups/a.ts', 'features/catalogue/b.ts')).toEqual([])
    expect(await violations('features/feed/a.ts', 'features/feed/components/b.ts')).toEqual([])
  })

  it('refuses an import from a domain on the same rung', async () => {
    expect(await violations('features/sharing/a.ts', 'features/feed/b.ts')).toEqual([
      'rung-5-imports-only-lower-rungs',
    ])
  })

  it('refuses an import from a higher rung', async () => {
    expect(await violations('features/groups/a.ts', 'features/library/b.ts')).toEqual([
      'rung-3-imports-only-lower-rungs',
    ])
    expect(await violations('features/catalogue/a.ts', 'features/billing/b.ts')).toEqual([
      'rung-1-imports-only-lower-rungs',
    ])
  })

  it('refuses a domain that is on no rung', async () => {
    expect(await violations('features/nowhere/a.ts', 'lib/b.ts')).toEqual([
      'every-domain-on-the-ladder',
    ])
  })

  it('keeps the platform and db under every domain', async () => {
    expect(await violations('server/a.server.ts', 'features/groups/b.ts')).toEqual([
      'platform-imports-no-domain',
    ])
    expect(await violations('db/a.server.ts', 'server/logger.server.ts')).toEqual([
      'db-imports-nothing-above-it',
    ])
  })

  it('lets code below the root import only its table of reactions', async () => {
    expect(await violations('features/feed/a.ts', 'reactions.server.ts')).toEqual([])
    expect(await violations('features/feed/a.ts', 'app-jobs.server.ts')).toEqual([
      'reactions-only-through-the-root',
    ])
  })
})
