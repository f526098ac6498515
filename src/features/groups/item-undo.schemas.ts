import { z } from 'zod'
import { ENTRY_BATCH_MAX, idSchema } from './groups.schemas'
import { keyBetween } from './positions'

/*
 * Undo of "remove from group" and "move to group": the placements a change
 * took away, sent back so the server puts each item at its old position.
 */

/** A fractional-index key as positions.ts makes them (one that the library accepts). */
const positionKeySchema = z
  .string()
  .min(1)
  .max(200)
  .refine((key) => {
    try {
      keyBetween(key, null)
      return true
    } catch {
      return false
    }
  })

export const itemPlacementSchema = z.object({ entryId: idSchema, position: positionKeySchema })
export type ItemPlacementInput = z.infer<typeof itemPlacementSchema>

export const putItemsBackSchema = z.object({
  groupId: idSchema,
  items: z.array(itemPlacementSchema).min(1).max(ENTRY_BATCH_MAX),
  /** Undo of a move: the entries the move added to this group go out of it again. */
  from: z
    .object({ groupId: idSchema, entryIds: z.array(idSchema).max(ENTRY_BATCH_MAX) })
    .optional(),
})
