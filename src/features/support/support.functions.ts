import { createServerFn } from '@tanstack/react-start'
import { getPreferences } from '~/lib/preferences/appearance.functions'
import { maybeSignedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { requestClientAddress } from '~/server/http/client-address.server'
import { contactSchema } from './support.schemas'
import { submitSupportMessage } from './support.server'

/** Open to anyone; a signed-in sender writing from their confirmed address also gets a receipt. */
export const sendSupportMessage = createServerFn({ method: 'POST' })
  .middleware([maybeSignedIn])
  .validator(contactSchema)
  .handler(async ({ data, context }) =>
    submitSupportMessage(await getDb(), data, {
      ip: requestClientAddress() ?? 'unknown',
      locale: getPreferences().locale,
      sender: context.actor,
    }),
  )
