import { createServerFn } from '@tanstack/react-start'
import { getRequestIP } from '@tanstack/react-start/server'
import { getPreferences } from '~/lib/preferences/appearance.functions'
import { maybeSignedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import { contactSchema } from './support.schemas'
import { deliverSupportMessage } from './support.server'

/** Five messages per address per hour keeps the form usable and the inbox clean. */
const limiter = createRateLimiter({ limit: 5, windowMs: 60 * 60 * 1000 })

/** Open to anyone; a signed-in sender writing from their confirmed address also gets a receipt. */
export const sendSupportMessage = createServerFn({ method: 'POST' })
  .middleware([maybeSignedIn])
  .validator(contactSchema)
  .handler(async ({ data, context }) => {
    const ip = getRequestIP({ xForwardedFor: getEnv().TRUST_PROXY }) ?? 'unknown'
    limiter.hit(ip)
    // A filled honeypot gets the same answer as a real message, and nothing is sent.
    if (data.website) return { sent: true }
    await deliverSupportMessage(await getDb(), data, getPreferences().locale, context.actor)
    return { sent: true }
  })
