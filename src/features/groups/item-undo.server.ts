import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import { groupItem, libraryEntry } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { requireGroup } from './access.server'
import { recordActivity } from './activity.server'
import type { putItemsBackSchema } from './item-undo.schemas'
import { compareKeys, keyBetween } from './positions'

/*
 * Undo of item removals and moves. STALE_VERSION when the group changed for those items since (one is back
 * already, or a moved one left its new group).
 */

/** The old key when free, else one just after it. Wanted keys are distinct, so no two share a gap. */
function landingKeys(taken: readonly string[], wanted: readonly string[]): string[] {
  const inUse = new Set(taken)
  const all = [...new Set([...taken, ...wanted])].sort(compareKeys)
  const indexOf = new Map(all.map((key, index) => [key, index]))
  return wanted.map((key) =>
    inUse.has(key) ? keyBetween(key, all[(indexOf.get(key) ?? 0) + 1]) : key,
  )
}

/** Puts items back where a removal or a move took them from. */
export async function putItemsBack(
  db: Database,
  actor: Actor,
  input: z.infer<typeof putItemsBackSchema>,
): Promise<{ restored: number }> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    const source = input.from
      ? (await requireGroup(tx, actor.id, input.from.groupId, 'edit')).group
      : null
    if (source && source.ownerId !== target.ownerId) throw new AppError('GROUP_NOT_FOUND')
    const entryIds = [...new Set(input.items.map((item) => item.entryId))]
    if (entryIds.length !== input.items.length) throw new AppError('VALIDATION')
    const owned = await tx
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, target.ownerId), anyOf(libraryEntry.id, entryIds)))
    if (owned.length !== entryIds.length) throw new AppError('ENTRY_NOT_FOUND')
    await lockTree(tx, target.ownerId)

    const present = await tx
      .select({ entryId: groupItem.entryId, position: groupItem.position })
      .from(groupItem)
      .where(eq(groupItem.groupId, target.id))
    const here = new Set(present.map((row) => row.entryId))
    if (entryIds.some((id) => here.has(id))) throw new AppError('STALE_VERSION')
    if (source && input.from && input.from.entryIds.length > 0) {
      let gone = 0
      for (const part of chunks(input.from.entryIds)) {
        const rows = await tx
          .delete(groupItem)
          .where(and(eq(groupItem.groupId, source.id), inArray(groupItem.entryId, part)))
          .returning({ entryId: groupItem.entryId })
        gone += rows.length
      }
      if (gone !== new Set(input.from.entryIds).size) throw new AppError('STALE_VERSION')
    }
    const keys = landingKeys(
      present.map((row) => row.position),
      input.items.map((item) => item.position),
    )
    const rows = input.items.map((item, at) => ({
      groupId: target.id,
      entryId: item.entryId,
      position: keys[at] ?? item.position,
      addedBy: actor.id,
    }))
    for (const part of chunks(rows)) await tx.insert(groupItem).values(part)
    await recordActivity(tx, actor, target.ownerId, [
      source
        ? {
            groupId: target.id,
            action: 'item.moved',
            details: { from: source.name, to: target.name, count: rows.length },
          }
        : { groupId: target.id, action: 'item.added', details: { count: rows.length } },
    ])
    return { restored: rows.length }
  })
}
