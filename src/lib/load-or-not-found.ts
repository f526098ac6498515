import { notFound, rootRouteId } from '@tanstack/react-router'
import { z } from 'zod'
import { type ErrorCode, errorCodeOf } from './app-error'

/** The app's not-found screen, in place of the whole page (as for an unknown URL). */
export function notFoundScreen() {
  return notFound({ routeId: rootRouteId })
}

/** Path ids are uuids; anything else is a page that does not exist. */
export function requireUuid(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFoundScreen()
  return id
}

/**
 * Awaits a loader's data; "not found" from the server (another user's row or
 * a deleted one) becomes the not-found screen, other errors stay errors.
 */
export async function loadOrNotFound<T>(load: Promise<T>, codes: readonly ErrorCode[]): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (codes.includes(errorCodeOf(error).code)) throw notFoundScreen()
    throw error
  }
}
