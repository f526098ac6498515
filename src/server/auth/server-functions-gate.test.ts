import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  allServerFunctions,
  expectedGate,
  filesDeclaringServerFunctions,
  MAYBE_SIGNED_IN,
  PUBLIC,
  parseServerFunctions,
  readServerFunctions,
  root,
} from '../../../tests/support/server-function-gates'

/*
 * The gates read from the source, without a database: each server function
 * starts with `signedIn` (no session, no call), except the few listed by
 * name in tests/support/server-function-gates.ts. A new server function
 * without the middleware fails here first; server-functions-gate.integration
 * then proves every gate over the wire, and the last test here makes sure
 * every function is called over the wire by some integration test.
 */

describe('server function gates', () => {
  const functions = allServerFunctions()
  const keys = functions.map((fn) => `${fn.file}#${fn.name}`)

  it('finds the server functions of every file, and only in *.functions.ts files', () => {
    const files = filesDeclaringServerFunctions()
    expect(files.filter((file) => !file.endsWith('.functions.ts'))).toEqual([])
    expect(files).toContain('src/features/sharing/sharing.functions.ts')
    expect(files).toContain('src/features/groups/groups.functions.ts')
    // Sanity of the reader: known functions with known gates and calls.
    expect(functions.find((fn) => fn.name === 'getGroupDetail')).toMatchObject({
      gate: 'signedIn',
      calls: expect.arrayContaining([
        'src/features/groups/group-detail-wire.server#getGroupDetailWire',
      ]),
    })
    expect(functions.find((fn) => fn.name === 'getOverviewCounts')).toMatchObject({
      gate: 'signedIn',
      calls: expect.arrayContaining(['src/features/overview/overview.server#getOverviewCounts']),
    })
    expect(functions.length).toBeGreaterThanOrEqual(50)
  })

  it('gates every server function with signedIn unless it is listed by name', () => {
    const wrong = functions
      .filter((fn) => fn.gate !== expectedGate(`${fn.file}#${fn.name}`))
      .map(
        (fn) =>
          `${fn.file}#${fn.name}: ${fn.gate}, expected ${expectedGate(`${fn.file}#${fn.name}`)}`,
      )
    expect(wrong).toEqual([])
  })

  it('lists no function that no longer exists', () => {
    const stale = [...Object.keys(MAYBE_SIGNED_IN), ...Object.keys(PUBLIC)].filter(
      (key) => !keys.includes(key),
    )
    expect(stale).toEqual([])
  })

  it('sees an ungated function, a late middleware, a look-alike and a hidden declaration', () => {
    const file = 'src/features/example/example.functions.ts'
    const header = `import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import * as example from './example.server'
`
    const gates = parseServerFunctions(
      file,
      `${header}
export const open = createServerFn({ method: 'GET' }).handler(async () => example.read())
export const late = createServerFn({ method: 'GET' })
  .handler(async () => example.read())
  .middleware([signedIn])
export const gated = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => example.read(context.actor))
`,
    ).map((fn) => [fn.name, fn.gate, fn.calls.join()])
    expect(gates).toEqual([
      ['open', 'none', 'src/features/example/example.server#read'],
      ['late', 'none', 'src/features/example/example.server#read'],
      ['gated', 'signedIn', 'src/features/example/example.server#read'],
    ])
    const lookAlike = parseServerFunctions(
      file,
      `import { createServerFn } from '@tanstack/react-start'
const signedIn = { options: {} }
export const fake = createServerFn({ method: 'GET' }).middleware([signedIn]).handler(() => 1)
`,
    )
    expect(lookAlike[0]?.gate).toBe('none')
    expect(() =>
      parseServerFunctions(
        file,
        `${header}const hidden = createServerFn().handler(() => 1)
`,
      ),
    ).toThrow(/outside the pattern/)
  })

  it('reads a gate from the chain, not from a mention elsewhere in the file', () => {
    const file = 'src/features/sharing/sharing.functions.ts'
    const gates = new Map(readServerFunctions(file).map((fn) => [fn.name, fn.gate]))
    expect(gates.get('getSharePreview')).toBe('maybeSignedIn')
    expect(gates.get('joinShareLink')).toBe('signedIn')
  })

  it('calls every server function over the wire in some integration test', () => {
    const called = new Set<string>()
    for (const file of integrationTests(join(root, 'src'))) {
      const source = readFileSync(file, 'utf8')
      for (const match of source.matchAll(/\boverWire\(\s*[^,()]+,\s*(?:\w+\.)?(\w+)/g))
        called.add(match[1] ?? '')
      for (const match of source.matchAll(/\bcallOverWire\(\s*(?:\w+\.)?(\w+)/g))
        called.add(match[1] ?? '')
    }
    const missing = functions.map((fn) => fn.name).filter((name) => !called.has(name))
    expect(missing, 'call each with callOverWire, or overWire in its matrix').toEqual([])
  })
})

function integrationTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return integrationTests(path)
    return entry.name.endsWith('.integration.test.ts') ? [path] : []
  })
}
