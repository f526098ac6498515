import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { trashRefSchema } from './trash.schemas'
import * as trash from './trash.server'

/*
 * The trash's server functions: validate, then one call into trash.server,
 * which finds the trashed group and authorizes (owner, or an editor of the
 * old parent) before acting.
 */

export const listTrash = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => trash.listTrash(await getDb(), context.actor))

export const restoreGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(trashRefSchema)
  .handler(async ({ data, context }) => trash.restoreGroup(await getDb(), context.actor, data))

export const purgeGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(trashRefSchema)
  .handler(async ({ data, context }) => trash.purgeGroup(await getDb(), context.actor, data))
