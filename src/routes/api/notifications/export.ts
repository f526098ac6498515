import { createFileRoute } from '@tanstack/react-router'
import { handleNotificationExport } from '~/features/notifications/notification-export.server'

export const Route = createFileRoute('/api/notifications/export')({
  server: { handlers: { GET: handleNotificationExport } },
})
