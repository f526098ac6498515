import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { dependsOnGroups } from '~/features/groups/group-keys'
import { getChannelGrowth, getGroupGrowth, getLibraryReach } from './growth.functions'
import type { GrowthRange } from './growth.schemas'

export const growthKeys = {
  entry: (entryId: string, range: GrowthRange) => ['growth', 'entry', entryId, range] as const,
  /** A group's growth sums the channels of its subtree. */
  group: (groupId: string, range: GrowthRange) =>
    [...dependsOnGroups.tree, 'growth', groupId, range] as const,
  /** Changes as channels join or leave the library, which refreshes the tree's dependants. */
  reach: () => [...dependsOnGroups.tree, 'growth', 'reach'] as const,
}

/** Snapshots change once a day: no refetch on focus within the hour. */
const STALE_MS = 60 * 60 * 1000

export const channelGrowthQuery = (entryId: string, range: GrowthRange) =>
  queryOptions({
    queryKey: growthKeys.entry(entryId, range),
    queryFn: () => getChannelGrowth({ data: { entryId, range } }),
    staleTime: STALE_MS,
    // Switching the range keeps the last chart on screen instead of a blank.
    placeholderData: keepPreviousData,
  })

export const groupGrowthQuery = (groupId: string, range: GrowthRange) =>
  queryOptions({
    queryKey: growthKeys.group(groupId, range),
    queryFn: () => getGroupGrowth({ data: { groupId, range } }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  })

export const libraryReachQuery = () =>
  queryOptions({ queryKey: growthKeys.reach(), queryFn: () => getLibraryReach() })
