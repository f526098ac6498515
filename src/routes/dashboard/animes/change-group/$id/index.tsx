import { createFileRoute } from '@tanstack/react-router'
import { entryChangeGroupsRoute } from '~/routes/dashboard/-entry-routes'

export const Route = createFileRoute('/dashboard/animes/change-group/$id/')(
  entryChangeGroupsRoute('anime'),
)
