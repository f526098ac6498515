import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { chooseEncoding, encodeBody, encodedEtag } from '~/server/http/content-encoding.server'
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

/**
 * Answers with the cached JSON as a raw response: nothing to serialise per
 * request. The ETag lets the browser revalidate an unchanged tree for a 304
 * with no body (decision 0016); `no-cache` keeps every use a revalidation.
 */
export const getGroupTree = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => {
    const wire = await tree.getGroupTreeWire(await getDb(), context.actor)
    const request = getRequest()
    // The compressed copy is kept with the cached body: compressed once per tree change.
    const encoding = chooseEncoding(request, wire.body)
    const etag = encodedEtag(wire.etag, encoding)
    const headers = { etag, 'cache-control': 'private, no-cache', vary: 'cookie, accept-encoding' }
    if (request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers })
    }
    const body = encoding ? encodeBody(wire.body, encoding) : wire.body
    return new Response(body, {
      headers: {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.byteLength),
        ...(encoding ? { 'content-encoding': encoding } : {}),
      },
    })
  })

/** Plain JSON, the items' part made once per cached list (decision 0055); a 304 when unchanged. */
export const getGroupDetail = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(groupRefSchema)
  .handler(async ({ data, context }) => {
    const wire = await getGroupDetailWire(await getDb(), context.actor, data)
    const headers = { etag: wire.etag, 'cache-control': 'private, no-cache', vary: 'cookie' }
    if (getRequest().headers.get('if-none-match') === wire.etag) {
      return new Response(null, { status: 304, headers })
    }
    return new Response(wire.body, {
      headers: {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(wire.body.byteLength),
      },
    })
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
