import { describe, expect, it } from 'vitest'
import {
  allServerFunctions,
  filesDeclaringServerFunctions,
  type Gate,
  parseServerFunctions,
  readServerFunctions,
} from '../../../tests/support/server-function-gates'

/*
 * The anonymous column of the authorization matrix, for every server
 * function at once: each one starts with `signedIn` (no session, no call),
 * except the few listed here by name. A new server function without the
 * middleware fails this test until it is gated or listed with a reason.
 */

/** Public reads that show more to a signed-in reader; they take a null actor. */
const MAYBE_SIGNED_IN: Record<string, string> = {
  'src/features/sharing/sharing.functions.ts#getSharePreview':
    'a view link is previewed without an account (the server refuses edit links to anonymous readers)',
  'src/features/sharing/sharing.functions.ts#getInvitation':
    'the invitee may not have an account yet; the token is the secret',
  'src/features/support/support.functions.ts#sendSupportMessage':
    'contact form, rate limited; only a signed-in sender from their confirmed address gets a receipt',
}

/** No middleware at all: nothing of a user's data behind them. */
const PUBLIC: Record<string, string> = {
  'src/config/public-config.functions.ts#getPublicConfig': 'public configuration',
  'src/features/auth/auth.functions.ts#register': 'sign-up',
  'src/features/auth/auth.functions.ts#confirmEmail': 'the mailed code is the credential',
  'src/features/auth/session.functions.ts#getSessionUser': 'answers "who is signed in", or null',
  'src/features/auth/session.functions.ts#getDemoHint': 'the sign-in screen hint',
  'src/features/dev/dev.functions.ts#getOutbox': 'dev only: 404 in production',
  'src/features/dev/dev.functions.ts#failOnPurpose': 'dev only: 404 in production',
}

const expectedGate = (key: string): Gate =>
  key in MAYBE_SIGNED_IN ? 'maybeSignedIn' : key in PUBLIC ? 'none' : 'signedIn'

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
})
