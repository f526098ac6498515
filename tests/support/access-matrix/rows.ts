import type { Actor } from '../../../src/server/auth/signed-in.middleware'
import type { ServerFn } from '../server-functions'
import { callOverWire, sessionCookie, type WireInput } from '../wire'
import type { Cells, Codes, CodesByPersona, Persona, SignedInPersona } from './personas'
import type { Need, World } from './world'

/* The rows of the matrix: one input of one export, one cell per persona. */

export type Ctx = { w: World; actor: Actor; persona: SignedInPersona; prepared: string }
export type OpenCtx = { w: World; actor: Actor | null; persona: Persona; prepared: string }
export type RowOptions = {
  /** Refusal codes for personas without a role (default GROUP_NOT_FOUND). */
  outsider?: Codes
  /** Refusal codes for viewer and editor (default GROUP_FORBIDDEN). */
  member?: Codes
  /** Per-persona refusal codes, over the defaults. */
  codes?: CodesByPersona
  /** Runs before the cell (and before the fingerprint), as the cell's actor; its answer is ctx.prepared. */
  prepare?: (ctx: Omit<OpenCtx, 'prepared'>) => Promise<string>
  /** More assertions on an allowed answer. */
  check?: (ctx: OpenCtx, result: unknown) => Promise<void> | void
  /** The call grants a role (joining): an outsider's answer may then name Client A. */
  grants?: boolean
  /** A preview for a link or invitation holder: it shows Client A's face, never its ids. */
  face?: boolean
  /** Scoped to the actor's own data: nobody else's answer may name anything of Alice's. */
  scoped?: boolean
  /** Allowed cells change what the next one needs: each gets a fresh world. */
  isolate?: boolean
  /**
   * The server functions (`file#name`) or routes (`route:file`) through which
   * the network reaches this export, when none calls it directly; 'none'
   * when nothing does.
   */
  via?: readonly string[] | 'none'
  /** Costly parts of the world only some rows use. */
  needs?: readonly Need[]
}
export type Row = RowOptions & { what: string; cells: Cells } & (
    | { open: false; run: (ctx: Ctx) => Promise<unknown> }
    | { open: true; run: (ctx: OpenCtx) => Promise<unknown> }
  )
/** An export no request reaches with an actor of its own, and why. */
export type Internal = { internal: string }

export function gated(
  what: string,
  cells: Cells,
  run: (ctx: Ctx) => Promise<unknown>,
  options: RowOptions = {},
): Row {
  return { ...options, what, cells, open: false, run }
}

/** A public function: anonymous is a real call with a null actor. */
export function open(
  what: string,
  cells: Cells,
  run: (ctx: OpenCtx) => Promise<unknown>,
  options: RowOptions = {},
): Row {
  return { ...options, what, cells, open: true, run }
}

/** A server module of the matrix: its path from the repository root, its exports and their rows. */
export type MatrixModule = {
  path: string
  exports: object
  rows: Readonly<Record<string, readonly Row[] | Internal>>
}

/**
 * Declares a module's rows: one entry per export, so a new export without
 * an entry (or an entry for an export that is gone) does not compile.
 */
export function matrixModule<M extends object>(
  path: string,
  exports: M,
  rows: { readonly [K in keyof M]: readonly Row[] | Internal },
): MatrixModule {
  return { path, exports, rows }
}

/**
 * A row's call through the server function a page uses, as the cell's actor
 * (null: no session): its gate, validator and serialised answer included.
 */
export async function overWire<F extends ServerFn>(
  actor: Actor | null,
  fn: F,
  data: WireInput<F>,
): Promise<Awaited<ReturnType<F>>> {
  return callOverWire(fn, { data, cookie: actor ? await sessionCookie(actor.id) : null })
}
