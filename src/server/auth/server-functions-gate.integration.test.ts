import { describe, expect, it } from 'vitest'
import { createActor } from '~/seed/factories/users.server'
import { getDb } from '~/server/database.server'
import { codeOf } from '../../../tests/support/app-errors'
import { allServerFunctions, expectedGate } from '../../../tests/support/server-function-gates'
import { compiledServerFunctions } from '../../../tests/support/server-functions'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'

/*
 * The gates over the wire, for every server function the compiler built:
 * without a session each gated one answers UNAUTHENTICATED before reading its
 * input; with one, the gate lets the call on to the validator. The public
 * ones take an anonymous call.
 */

const compiled = compiledServerFunctions()

/** What a gate answered: the AppError code, 'ok', or another error's name. */
async function answer(promise: Promise<unknown>): Promise<string> {
  try {
    return await codeOf(promise)
  } catch (error) {
    return error instanceof Error ? error.name : 'thrown'
  }
}

describe('server function gates over the wire', () => {
  it('finds the same functions compiled as declared in the source', () => {
    const declared = allServerFunctions().map((fn) => `${fn.file}#${fn.name}`)
    expect([...compiled.keys()].sort()).toEqual(declared.sort())
  })

  it('refuses every gated function without a session, whatever the input', async () => {
    const wrong: string[] = []
    for (const [name, fn] of compiled) {
      if (expectedGate(name) !== 'signedIn') continue
      const code = await answer(callOverWire(fn, { malformed: { hostile: ['input'] } }))
      if (code !== 'UNAUTHENTICATED') wrong.push(`${name}: ${code}`)
    }
    expect(wrong).toEqual([])
  })

  it('lets a session through to the validator, which refuses malformed input', async () => {
    const actor = await createActor(await getDb(), 'Gate Tester')
    const cookie = await sessionCookie(actor.id)
    const wrong: string[] = []
    for (const [name, fn] of compiled) {
      if (expectedGate(name) !== 'signedIn') continue
      const code = await answer(callOverWire(fn, { malformed: 42, cookie }))
      if (code === 'UNAUTHENTICATED') wrong.push(`${name}: ${code}`)
    }
    expect(wrong).toEqual([])
  })

  it('takes an anonymous call to the public functions', async () => {
    const wrong: string[] = []
    for (const [name, fn] of compiled) {
      if (expectedGate(name) === 'signedIn') continue
      const code = await answer(callOverWire(fn, { malformed: undefined }))
      if (code === 'UNAUTHENTICATED') wrong.push(`${name}: ${code}`)
    }
    expect(wrong).toEqual([])
  })
})
