import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { putItemsBackSchema } from './item-undo.schemas'
import * as itemUndo from './item-undo.server'

/* The Undo of item removals and moves: validate, then item-undo.server finds and authorizes. */

export const putItemsBack = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(putItemsBackSchema)
  .handler(async ({ data, context }) => itemUndo.putItemsBack(await getDb(), context.actor, data))
