import { z } from 'zod'
import { idSchema } from './id.schemas'

/* The trash of deleted groups (decision 0053). */

/** Days a deleted group is kept before the daily purge removes it for good. */
export const TRASH_KEEP_DAYS = 30

export const trashRefSchema = z.object({ id: idSchema })

export type TrashedGroup = {
  id: string
  name: string
  /** Names of the groups it was in, top level first (empty: it was at the top level). */
  path: string[]
  subgroupCount: number
  itemCount: number
  trashedAt: string
  purgeAt: string
}

export type RestoredGroup = {
  id: string
  /** Where it came back: its old parent, or the top level when that is gone. */
  parentId: string | null
  movedToTop: boolean
}

/** Days left before the purge, counting the day under way (30 just after deleting, 1 on the last). */
export function daysLeft(purgeAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now.getTime()) / 86_400_000))
}
