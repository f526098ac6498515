import { isRedirect } from '@tanstack/react-router'
import { AppError } from './app-error'

export const QUERY_STALE_TIME_MS = 300_000
export const QUERY_RETRIES = 2

/**
 * A domain refusal (not found, forbidden…) answers the same the next time, and
 * a redirect (the session ended) is followed at once: only failures retry.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return !(error instanceof AppError) && !isRedirect(error) && failureCount < QUERY_RETRIES
}
