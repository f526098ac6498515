import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { cachedJsonResponse } from '~/server/http/cached-json.server'
import * as activity from './activity.server'
import { getGroupDetailWire } from './group-detail-wire.server'
import {
  createGroupSchema,
  foldGroupSchema,
  foldGroupsSchema,
  groupItemsSchema,
  groupRefSchema,
  groupSettingsChangeSchema,
  listActivitySchema,
  moveGroupSchema,
  moveItemsSchema,
  reorderItemSchema,
  updateGroupSchema,
  versionedGroupRefSchema,
} from './groups.schemas'
import * as groups from './groups.server'
import * as items from './items.server'
import * as tree from './tree.server'

/*
 * The groups domain's server functions: validate, then one call into the
 * server module that finds, authorizes and acts.
 */

/** The cached JSON as it is, compressed once per tree change; a 304 when unchanged (decision 0016). */
export const getGroupTree = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => {
    const wire = await tree.getGroupTreeWire(await getDb(), context.actor)
    return cachedJsonResponse(getRequest(), wire, { compress: true })
  })

/** Plain JSON, the items' part made once per cached list (decision 0055); a 304 when unchanged. */
export const getGroupDetail = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(groupRefSchema)
  .handler(async ({ data, context }) => {
    const wire = await getGroupDetailWire(await getDb(), context.actor, data)
    return cachedJsonResponse(getRequest(), wire)
  })

export const getSharedTree = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(groupRefSchema)
  .handler(async ({ data, context }) => tree.getSharedTree(await getDb(), context.actor, data))

export const createGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(createGroupSchema)
  .handler(async ({ data, context }) => groups.createGroup(await getDb(), context.actor, data))

export const updateGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(updateGroupSchema)
  .handler(async ({ data, context }) => groups.updateGroup(await getDb(), context.actor, data))

export const moveGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(moveGroupSchema)
  .handler(async ({ data, context }) => groups.moveGroup(await getDb(), context.actor, data))

export const getDeletePreview = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(groupRefSchema)
  .handler(async ({ data, context }) => groups.getDeletePreview(await getDb(), context.actor, data))

export const deleteGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(versionedGroupRefSchema)
  .handler(async ({ data, context }) => groups.deleteGroup(await getDb(), context.actor, data))

export const foldGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(foldGroupSchema)
  .handler(async ({ data, context }) => tree.foldGroup(await getDb(), context.actor, data))

export const foldGroups = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(foldGroupsSchema)
  .handler(async ({ data, context }) => tree.foldGroups(await getDb(), context.actor, data))

export const getGroupSettings = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => tree.getGroupSettings(await getDb(), context.actor))

export const updateGroupSettings = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(groupSettingsChangeSchema)
  .handler(async ({ data, context }) =>
    tree.updateGroupSettings(await getDb(), context.actor, data),
  )

export const listActivity = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(listActivitySchema)
  .handler(async ({ data, context }) => activity.listActivity(await getDb(), context.actor, data))

export const addItems = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(groupItemsSchema)
  .handler(async ({ data, context }) => items.addItems(await getDb(), context.actor, data))

export const removeItems = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(groupItemsSchema)
  .handler(async ({ data, context }) => items.removeItems(await getDb(), context.actor, data))

export const moveItems = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(moveItemsSchema)
  .handler(async ({ data, context }) => items.moveItems(await getDb(), context.actor, data))

export const reorderItem = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(reorderItemSchema)
  .handler(async ({ data, context }) => items.reorderItem(await getDb(), context.actor, data))
