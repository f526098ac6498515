import { createFileRoute } from '@tanstack/react-router'
import { handleExportRequest } from '~/features/transfer/export-download.server'

export const Route = createFileRoute('/api/export')({
  server: { handlers: { GET: handleExportRequest } },
})
