import { createFileRoute } from '@tanstack/react-router'
import { entryChangeGroupsRoute } from '~/routes/dashboard/-entry-routes'

export const Route = createFileRoute('/dashboard/channels/change-group/$id/')(
  entryChangeGroupsRoute('channel'),
)
