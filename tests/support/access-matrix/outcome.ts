import { AppError, type ErrorCode } from '../../../src/lib/app-error'

/** What a call did: answered, refused with an AppError, or failed some other way. */
export type Outcome =
  | { kind: 'allow'; result: unknown }
  | { kind: 'deny'; code: ErrorCode }
  | { kind: 'crash'; message: string }

export async function attempt(promise: Promise<unknown>): Promise<Outcome> {
  try {
    return { kind: 'allow', result: await promise }
  } catch (error) {
    if (error instanceof AppError) return { kind: 'deny', code: error.code }
    return { kind: 'crash', message: error instanceof Error ? error.message : String(error) }
  }
}

export function summarize(outcome: Outcome): string {
  if (outcome.kind === 'allow') return 'allowed'
  if (outcome.kind === 'deny') return `refused ${outcome.code}`
  return `crashed: ${outcome.message}`
}
