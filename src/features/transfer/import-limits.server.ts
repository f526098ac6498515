import type { Database } from '~/db/client.server'
import {
  type Growth,
  type LimitBreach,
  limitBreaches,
  newEntryCount,
  planLimitError,
} from '~/features/billing/plan-limits.server'
import { destinationOwner, loadDestination } from './import-destination.server'
import { isId, planImport } from './import-plan'
import type { ImportModel, ImportOptions } from './transfer.schemas'

/**
 * What an import would add to its destination owner's account, for the plan
 * limits: the groups it creates, the deepest level they reach, and the
 * entries not in the library yet (handles count as new: they are looked up
 * when applied). The preview and the apply ask the same question.
 */
export async function importGrowth(
  db: Database,
  ownerId: string,
  model: ImportModel,
  options: ImportOptions,
): Promise<Growth> {
  const destination = await loadDestination(db, ownerId, options.parentId)
  const plan = planImport(model, destination.existing, destination, options.sameNames, () =>
    crypto.randomUUID(),
  )
  const created = plan.nodes.filter((node) => !node.merged)
  const depth = created.reduce((deepest, node) => Math.max(deepest, node.own.depth), 0)
  const ids = model.channels.flatMap(({ ref }) => (isId(ref) ? [ref.id] : []))
  const channels =
    model.channels.length -
    ids.length +
    (await newEntryCount(db, ownerId, {
      channelIds: ids,
      animeIds: model.animes.map((item) => item.key),
    }))
  return { groups: created.length, depth, channels }
}

/** The plan limits the import would pass under these options (none: it fits). */
export async function importBreaches(
  db: Database,
  actorId: string,
  model: ImportModel,
  options: ImportOptions,
): Promise<LimitBreach[]> {
  const ownerId = await destinationOwner(db, actorId, options.parentId)
  return limitBreaches(db, ownerId, await importGrowth(db, ownerId, model, options))
}

/** Refuses an import that would grow its destination owner's account past a limit. */
export async function requireImportRoom(
  db: Database,
  actorId: string,
  model: ImportModel,
  options: ImportOptions,
): Promise<void> {
  const [breach] = await importBreaches(db, actorId, model, options)
  if (breach) throw planLimitError(breach)
}
