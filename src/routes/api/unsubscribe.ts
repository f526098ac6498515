import { createFileRoute } from '@tanstack/react-router'
import {
  handleUnsubscribeGet,
  handleUnsubscribePost,
} from '~/features/notifications/unsubscribe.server'

/** `POST /api/unsubscribe?token=…`: one-click unsubscribe (RFC 8058), no session. GET only leads to the page. */
export const Route = createFileRoute('/api/unsubscribe')({
  server: { handlers: { POST: handleUnsubscribePost, GET: handleUnsubscribeGet } },
})
