import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { allServerFunctions, root } from '../server-function-gates'
import { wireCalls } from '../wire'
import {
  checkAnonymous,
  entryPointsOf,
  type Probe,
  type ProbedRoute,
  probeAnonymous,
} from './anonymous'
import { type Mismatch, runCell } from './cells'
import { exportGaps, unaccountedModules } from './completeness'
import { N, PERSONAS, Y } from './personas'
import type { MatrixModule } from './rows'
import { stats } from './stats'
import { makeWorld } from './world'

/*
 * The authorization matrix (issue 7), one file per domain: every exported
 * function of the domain's server modules against every persona. Each row
 * gets a fresh world (see world.ts); refusals run first and must leave the
 * world untouched, then the allowed calls. A refusal must be the expected
 * AppError: "not found" for anyone without a role (denials reveal nothing),
 * GROUP_FORBIDDEN for a member whose role is too weak. An allowed answer to
 * anyone but the owner must not name anything of Client B or of the private
 * "Clients" parent, and to someone without a role nothing of Client A either.
 * Gated rows check their anonymous column as anonymous.ts says; public
 * functions take a null actor and are called with it.
 */

export type MatrixFile = {
  /**
   * The domain folder, from the repository root, whose every `*.server`
   * module this file accounts for (one file of a domain split in two).
   */
  folder?: string
  modules: readonly MatrixModule[]
  /**
   * The folder's other `*.server` modules, by path, and why they have no
   * rows: no actor-facing export, or another matrix file covers them.
   */
  notHere?: Readonly<Record<string, string>>
  /** Plain routes that rows name in `via`. */
  routes?: readonly ProbedRoute[]
}

export function describeAccessMatrix(name: string, file: MatrixFile) {
  const { folder, modules, notHere = {}, routes = [] } = file
  const found: Mismatch[] = []
  /** Entry points seen refusing a request without a session (filled by the probe). */
  const refusing = new Set<string>()

  describe(`${name} authorization matrix`, () => {
    const gatedEntries = [
      ...new Set(
        modules.flatMap((module) =>
          Object.entries(module.rows).flatMap(([exportName, entry]) =>
            Array.isArray(entry)
              ? entry.flatMap((row) => {
                  const entries = row.open ? [] : entryPointsOf(row, module.path, exportName)
                  return entries === 'none' ? [] : entries.filter((e) => !e.startsWith('route:'))
                })
              : [],
          ),
        ),
      ),
    ].sort()
    let probe: Probe | undefined
    beforeAll(async () => {
      probe = await probeAnonymous(routes, gatedEntries, refusing)
    })

    it('refuses a request without a session at every server function and route', () => {
      expect(probe).toEqual({
        serverFunctions: Object.fromEntries(
          gatedEntries.map((entry) => [entry, 'refused UNAUTHENTICATED']),
        ),
        routes: Object.fromEntries(routes.map((route) => [route.entry, 401])),
      })
    })

    it('has a row for every export of every server module, or a reason', async () => {
      const gaps = (await Promise.all(modules.map(exportGaps))).flat()
      const unaccounted = folder ? unaccountedModules(folder, modules, notHere) : []
      for (const path of unaccounted)
        gaps.push(`${path}: not in the matrix and not marked internal`)
      for (const path of Object.keys(notHere)) {
        if (!existsSync(join(root, `${path}.ts`))) gaps.push(`${path}: no such module`)
      }
      expect(gaps).toEqual([])
    })

    for (const module of modules) {
      for (const [exportName, entry] of Object.entries(module.rows)) {
        if (!Array.isArray(entry)) continue
        for (const row of entry) {
          const label = `${exportName} · ${row.what}`
          it(label, async () => {
            const before = found.length
            if (!row.open) {
              expect(row.cells[0], 'a gated row cannot allow anonymous callers').toBe(N)
              checkAnonymous(found, refusing, row, label, module.path, exportName)
            }
            const order = PERSONAS.map((persona, index) => ({
              persona,
              expected: row.cells[index] ?? N,
            })).filter(({ persona }) => row.open || persona !== 'anonymous')
            const world = await makeWorld(row.needs)
            // Refusals first, all in one world: they must leave it untouched.
            let print: string | null = null
            for (const { persona, expected } of order.filter((cell) => cell.expected === N)) {
              print = await runCell(found, row, label, world, persona, expected, print)
            }
            for (const { persona, expected } of order.filter((cell) => cell.expected === Y)) {
              const own = row.isolate ? await makeWorld(row.needs) : world
              await runCell(found, row, label, own, persona, expected)
            }
            expect(found.slice(before)).toEqual([])
          })
        }
      }
    }

    it('has zero unexpected allows', () => {
      const count = (kind: Mismatch['kind']) => found.filter((m) => m.kind === kind).length
      const summary = {
        worlds: stats.worlds,
        cells: stats.cells,
        worldSeconds: Math.round(stats.worldMs / 100) / 10,
        fingerprintSeconds: Math.round(stats.fingerprintMs / 100) / 10,
        unexpectedAllows: count('unexpected allow'),
        unexpectedDenies: count('unexpected deny'),
        wrongCodes: count('wrong code'),
        wroteWhileRefusing: count('wrote while refusing'),
        leaks: count('leak'),
        failedChecks: count('check'),
        crashes: count('crash'),
      }
      process.stdout.write(`authorization matrix (${name}): ${JSON.stringify(summary)}\n`)
      for (const m of found) {
        process.stdout.write(`  ${m.kind}: ${m.row} × ${m.persona}: ${m.detail}\n`)
      }
      expect(summary.unexpectedAllows).toBe(0)
      expect(found).toEqual([])
    })

    it('answers a signed-in call of every server function reaching its rows over the wire', () => {
      const reached = new Set(
        modules.flatMap((module) =>
          Object.entries(module.rows).flatMap(([exportName, entry]) =>
            Array.isArray(entry) ? [`${module.path}#${exportName}`] : [],
          ),
        ),
      )
      const missing = allServerFunctions()
        .filter((fn) => fn.calls.some((call) => reached.has(call)))
        .map((fn) => `${fn.file}#${fn.name}`)
        .filter((name) => !wireCalls.get(name)?.answered)
      expect(missing, 'give each a row that calls it with overWire').toEqual([])
    })
  })
}
