import type { ErrorCode } from '../../../src/lib/app-error'

/* The personas of the authorization matrix and the vocabulary of its cells. */

export const PERSONAS = [
  'anonymous',
  'stranger',
  'viewer',
  'editor',
  'owner',
  'removed',
  'revokedLink',
  'expiredLink',
] as const
export type Persona = (typeof PERSONAS)[number]
export type SignedInPersona = Exclude<Persona, 'anonymous'>
export const SIGNED_IN: readonly SignedInPersona[] = PERSONAS.filter(
  (persona): persona is SignedInPersona => persona !== 'anonymous',
)
/** No role on anything of Alice's: they must learn nothing. */
export const OUTSIDERS: ReadonlySet<Persona> = new Set([
  'anonymous',
  'stranger',
  'removed',
  'revokedLink',
  'expiredLink',
])

export type Cell = 'allow' | 'deny'
export const Y: Cell = 'allow'
export const N: Cell = 'deny'
/** anonymous, stranger, viewer, editor, owner, removed, revokedLink, expiredLink */
export type Cells = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]

export type Codes = ErrorCode | readonly ErrorCode[]
export type CodesByPersona = Partial<Record<Persona, Codes>>

export const NF: ErrorCode = 'GROUP_NOT_FOUND'
export const FORBIDDEN: ErrorCode = 'GROUP_FORBIDDEN'
export const EITHER: readonly ErrorCode[] = [FORBIDDEN, NF]

/** The same refusal for every persona. */
export function everyone(code: ErrorCode): CodesByPersona {
  return Object.fromEntries(PERSONAS.map((persona) => [persona, code]))
}

/** The same refusal for every signed-in persona (a row scoped to the actor's own rows). */
export function everySignedIn(code: ErrorCode): CodesByPersona {
  return Object.fromEntries(SIGNED_IN.map((persona) => [persona, code]))
}
