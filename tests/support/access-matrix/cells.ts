import type { ErrorCode } from '../../../src/lib/app-error'
import { fingerprint } from './fingerprint'
import { attempt, type Outcome } from './outcome'
import { type Cell, type Codes, FORBIDDEN, NF, OUTSIDERS, type Persona } from './personas'
import type { Row } from './rows'
import { stats } from './stats'
import type { Secrets, World } from './world'

/* Running one cell of a row, and what it found that differs from the table. */

export type Mismatch = {
  row: string
  persona: Persona
  kind:
    | 'unexpected allow'
    | 'unexpected deny'
    | 'wrong code'
    | 'crash'
    | 'wrote while refusing'
    | 'leak'
    | 'check'
  detail: string
}

function listOf(codes: Codes): readonly ErrorCode[] {
  return typeof codes === 'string' ? [codes] : codes
}

function expectedCodes(row: Row, persona: Persona): readonly ErrorCode[] {
  const own = row.codes?.[persona]
  if (own) return listOf(own)
  if (persona === 'anonymous') return row.open ? listOf(row.outsider ?? NF) : ['UNAUTHENTICATED']
  if (persona === 'viewer' || persona === 'editor') return listOf(row.member ?? FORBIDDEN)
  if (persona === 'owner') return [FORBIDDEN]
  return listOf(row.outsider ?? NF)
}

/** Strings an allowed answer must not contain, for this persona and row. */
function forbiddenIn(row: Row, w: World, persona: Persona): Secrets {
  if (persona === 'owner') return {}
  const hidden = { ...w.ownerOnly }
  if (row.scoped || (OUTSIDERS.has(persona) && !row.grants)) {
    Object.assign(hidden, w.membersOnlyIds)
    if (!row.face) Object.assign(hidden, w.membersOnlyFace)
  }
  return hidden
}

/**
 * Runs one cell and records in `found` what differs from the table. `print`
 * is the world's fingerprint when known (after the previous refusal); the
 * answer is the fingerprint after this cell when it is known to be
 * unchanged since.
 */
export async function runCell(
  found: Mismatch[],
  row: Row,
  label: string,
  w: World,
  persona: Persona,
  expected: Cell,
  print: string | null = null,
): Promise<string | null> {
  const actor = persona === 'anonymous' ? null : w.actors[persona]
  const base = { w, actor, persona }
  const prepared = row.prepare ? await row.prepare(base) : ''
  const before =
    expected === 'deny' ? (print !== null && !row.prepare ? print : await fingerprint(w)) : ''
  let outcome: Outcome
  if (row.open) {
    outcome = await attempt(row.run({ ...base, prepared }))
  } else if (persona === 'anonymous' || actor === null) {
    throw new Error('gated rows are not run anonymously')
  } else {
    outcome = await attempt(row.run({ w, actor, persona, prepared }))
  }
  stats.cells += 1
  const add = (kind: Mismatch['kind'], detail: string) =>
    found.push({ row: label, persona, kind, detail })
  if (outcome.kind === 'crash') {
    add('crash', outcome.message)
    return null
  }
  if (expected === 'deny') {
    if (outcome.kind === 'allow') {
      add('unexpected allow', 'expected a refusal')
      return null
    }
    const codes = expectedCodes(row, persona)
    if (!codes.includes(outcome.code))
      add('wrong code', `${outcome.code}, expected ${codes.join(' or ')}`)
    const after = await fingerprint(w)
    if (after !== before) add('wrote while refusing', `refused ${outcome.code}`)
    return after
  }
  if (outcome.kind === 'deny') {
    add('unexpected deny', outcome.code)
    return null
  }
  const text = JSON.stringify(outcome.result) ?? ''
  const leaked = Object.entries(forbiddenIn(row, w, persona))
    .filter(([, secret]) => text.includes(secret))
    .map(([what]) => what)
  if (leaked.length > 0) add('leak', `answer names ${leaked.join(', ')}`)
  if (row.check) {
    try {
      await row.check({ ...base, prepared }, outcome.result)
    } catch (error) {
      add('check', error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))
    }
  }
  return null
}
