import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { requestClientAddress } from '~/server/http/client-address.server'
import * as animes from './add-anime.server'
import * as channels from './add-channels.server'
import * as entries from './entries.server'
import {
  addAnimeSchema,
  addChannelsSchema,
  entryRefSchema,
  listLibrarySchema,
  removeEntriesSchema,
  resolveAnimeSchema,
  resolveChannelsSchema,
  setEntryGroupsSchema,
  updateEntrySchema,
} from './library.schemas'
import * as library from './library.server'

/*
 * The library's server functions: validate, then one call into the server
 * module that does the job (reading, editing, adding channels, adding animes).
 */

export const listLibrary = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(listLibrarySchema)
  .handler(async ({ data, context }) => library.listLibrary(await getDb(), context.actor, data))

export const listLibraryHead = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(listLibrarySchema)
  .handler(async ({ data, context }) => library.listLibraryHead(await getDb(), context.actor, data))

export const getEntry = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(entryRefSchema)
  .handler(async ({ data, context }) => library.getEntry(await getDb(), context.actor, data))

export const updateEntry = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(updateEntrySchema)
  .handler(async ({ data, context }) => entries.updateEntry(await getDb(), context.actor, data))

export const removeEntries = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(removeEntriesSchema)
  .handler(async ({ data, context }) => entries.removeEntries(await getDb(), context.actor, data))

export const setEntryGroups = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(setEntryGroupsSchema)
  .handler(async ({ data, context }) => entries.setEntryGroups(await getDb(), context.actor, data))

/** POST: resolving writes the shared channel catalogue. */
export const resolveChannels = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(resolveChannelsSchema)
  .handler(async ({ data, context }) =>
    channels.resolveChannels(await getDb(), context.actor, data, { ip: requestClientAddress() }),
  )

export const addChannels = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(addChannelsSchema)
  .handler(async ({ data, context }) =>
    channels.addChannels(await getDb(), context.actor, data, { ip: requestClientAddress() }),
  )

/** POST: the preview writes the shared anime catalogue. */
export const resolveAnime = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(resolveAnimeSchema)
  .handler(async ({ data, context }) => animes.resolveAnime(await getDb(), context.actor, data))

export const addAnime = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(addAnimeSchema)
  .handler(async ({ data, context }) => animes.addAnime(await getDb(), context.actor, data))
