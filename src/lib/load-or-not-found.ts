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
    const { code, params } = errorCodeOf(error)
    if (code === 'GROUP_ACCESS_ENDED') throw notFound({ data: accessEndedData(params) })
    if (codes.includes(code)) throw notFoundScreen()
    throw error
  }
}

const accessEndedSchema = z.object({ accessEnded: z.object({ owner: z.string() }) })
export type AccessEnded = z.infer<typeof accessEndedSchema>['accessEnded']

/**
 * A former member's "not found" carries who to ask; the throwing route's own
 * not-found component shows it inside the dashboard. Strangers never get it.
 */
function accessEndedData(params: Record<string, string | number>) {
  return { accessEnded: { owner: String(params.owner ?? '') } }
}

/** Reads a not-found component's data back: the ended access, or null for a plain not-found. */
export function accessEndedOf(data: unknown): AccessEnded | null {
  const parsed = accessEndedSchema.safeParse(data)
  return parsed.success ? parsed.data.accessEnded : null
}
