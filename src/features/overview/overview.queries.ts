import { queryOptions } from '@tanstack/react-query'
import { dependsOnGroups } from '~/features/groups/group-keys'
import { getOverviewCounts } from './overview.functions'

/** The overview counts groups and what they hold. */
export const overviewKeys = { counts: () => [...dependsOnGroups.tree, 'overview'] as const }

export const overviewQuery = () =>
  queryOptions({ queryKey: overviewKeys.counts(), queryFn: () => getOverviewCounts() })
