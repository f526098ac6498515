import { notFound, rootRouteId } from '@tanstack/react-router'
import { z } from 'zod'
import { type ErrorCode, errorCodeOf } from './app-error'

export function notFoundScreen() {
  return notFound({ routeId: rootRouteId })
}

/** Path ids are uuids; anything else is a page that does not exist. */
export function requireUuid(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFoundScreen()
  return id
}

/** "Not found" from the server (another user's row or a deleted one) becomes the not-found screen. */
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

// A former member's "not found" carries who to ask; strangers never get it.
function accessEndedData(params: Record<string, string | number>) {
  return { accessEnded: { owner: String(params.owner ?? '') } }
}

export function accessEndedOf(data: unknown): AccessEnded | null {
  const parsed = accessEndedSchema.safeParse(data)
  return parsed.success ? parsed.data.accessEnded : null
}
