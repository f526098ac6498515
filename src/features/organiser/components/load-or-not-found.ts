import type { QueryClient } from '@tanstack/react-query'
import { notFound, rootRouteId } from '@tanstack/react-router'
import { type ErrorCode, errorCodeOf } from '~/lib/app-error'
import { idSchema } from '../groups.schemas'
import { entryQuery } from '../library.queries'

/** The app's not-found screen, in place of the whole page (as for an unknown URL). */
export function notFoundScreen() {
  return notFound({ routeId: rootRouteId })
}

/** Path ids are uuids; anything else is a page that does not exist. */
export function requireUuid(id: string): string {
  if (!idSchema.safeParse(id).success) throw notFoundScreen()
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

/** An entry page under the matching library (`channels/…` for channels only). */
export async function loadEntryOfKind(
  queryClient: QueryClient,
  id: string,
  kind: 'channel' | 'anime',
) {
  const entry = await loadOrNotFound(queryClient.ensureQueryData(entryQuery(requireUuid(id))), [
    'ENTRY_NOT_FOUND',
  ])
  if (entry.kind !== kind) throw notFoundScreen()
  return entry
}
