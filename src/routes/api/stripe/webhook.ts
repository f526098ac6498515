import { createFileRoute } from '@tanstack/react-router'
import { handleStripeWebhook } from '~/features/billing/stripe-webhook.server'

/** `POST /api/stripe/webhook`: Stripe's events, verified by signature (no session, no origin). */
export const Route = createFileRoute('/api/stripe/webhook')({
  server: { handlers: { POST: handleStripeWebhook } },
})
