import { createFileRoute } from '@tanstack/react-router'
import { entryEditRoute } from '~/routes/dashboard/-entry-routes'

export const Route = createFileRoute('/dashboard/channels/edit/$id/')(entryEditRoute('channel'))
