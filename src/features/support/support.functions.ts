import { createServerFn } from '@tanstack/react-start'
import { getRequestIP } from '@tanstack/react-start/server'
import { getPreferences } from '~/lib/preferences/appearance.functions'
import { getEnv } from '~/server/env.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import { contactSchema } from './support.schemas'
import { deliverSupportMessage } from './support.server'

/** Five messages per address per hour keeps the form usable and the inbox clean. */
const limiter = createRateLimiter({ limit: 5, windowMs: 60 * 60 * 1000 })

export const sendSupportMessage = createServerFn({ method: 'POST' })
  .validator(contactSchema)
  .handler(async ({ data }) => {
    const ip = getRequestIP({ xForwardedFor: getEnv().TRUST_PROXY }) ?? 'unknown'
    limiter.hit(ip)
    // A filled honeypot gets the same answer as a real message, and nothing is sent.
    if (data.website) return { sent: true }
    await deliverSupportMessage(data, getPreferences().locale)
    return { sent: true }
  })
