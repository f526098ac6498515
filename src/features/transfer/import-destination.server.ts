import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { group } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { depthOf } from '~/features/groups/tree'
import { AppError } from '~/lib/app-error'
import type { ExistingGroup } from './import-plan'

/*
 * Where an import lands: the actor's own tree, or the tree of the owner of a
 * group the actor may edit. Read by the preview and again by the apply.
 */

export type Destination = {
  id: string | null
  ownerId: string
  depth: number
  existing: ExistingGroup[]
}

async function readGroups(db: Database, ownerId: string): Promise<ExistingGroup[]> {
  return db
    .select({
      id: group.id,
      parentId: group.parentId,
      name: group.name,
      nameKey: group.nameKey,
      position: group.position,
    })
    .from(group)
    .where(eq(group.ownerId, ownerId))
}

/** Whose tree the import lands in: the user's, or the owner of a group they may edit. */
export async function destinationOwner(
  db: Database,
  userId: string,
  parentId: string | null,
): Promise<string> {
  return parentId === null
    ? userId
    : (await requireGroup(db, userId, parentId, 'edit')).group.ownerId
}

/** The destination's tree, read after the access check (and, when applying, under the lock). */
export async function loadDestination(
  db: Database,
  ownerId: string,
  parentId: string | null,
): Promise<Destination> {
  const existing = await readGroups(db, ownerId)
  // Deleted between the access check and this read.
  if (parentId !== null && !existing.some((row) => row.id === parentId)) {
    throw new AppError('GROUP_NOT_FOUND')
  }
  const depth = parentId === null ? 0 : depthOf(existing, parentId)
  return { id: parentId, ownerId, depth, existing }
}
