import { queryOptions } from '@tanstack/react-query'
import { organiserKeys } from '~/features/groups/group-keys'
import { getOverviewCounts } from './overview.functions'

export const overviewQuery = () =>
  queryOptions({ queryKey: organiserKeys.overview(), queryFn: () => getOverviewCounts() })
