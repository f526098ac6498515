import { AppError } from './app-error'

/** Seed §9: results fresh for 300 s, failed queries retried 2 times. */
export const QUERY_STALE_TIME_MS = 300_000
export const QUERY_RETRIES = 2

/** A domain refusal (not found, forbidden…) answers the same the next time: only failures retry. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return !(error instanceof AppError) && failureCount < QUERY_RETRIES
}
