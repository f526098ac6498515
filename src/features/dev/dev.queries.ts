import { queryOptions } from '@tanstack/react-query'
import { getOutbox } from './dev.functions'

export const outboxQuery = () =>
  queryOptions({ queryKey: ['dev', 'outbox'], queryFn: () => getOutbox(), staleTime: 0 })
