import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { dependsOnGroups } from '~/features/groups/group-keys'
import { useOptimisticMutation } from '~/lib/optimistic'
import { getFeedBadges, getGroupFeed, markGroupSeen, markWatched } from './feed.functions'
import type { FeedFilters, GroupFeedPage } from './feed.schemas'

/** A group's feed follows what its subtree holds, so the keys sit under the groups' prefix. */
const all = [...dependsOnGroups.tree, 'feed'] as const
export const feedKeys = {
  /** Every loaded feed, whatever its group and filters. */
  groups: () => [...all, 'group'] as const,
  group: (groupId: string) => [...all, 'group', groupId] as const,
  groupFiltered: (groupId: string, filters: FeedFilters) =>
    [
      ...all,
      'group',
      groupId,
      filters.hideShorts,
      filters.hideWatched,
      filters.channelId ?? 'all',
    ] as const,
  badges: () => [...all, 'badges'] as const,
}

/** While channels are still refreshing, the feed asks again this often. */
export const FEED_POLL_MS = 2_000
const FEED_POLL_MAX = 60

export const groupFeedQuery = (groupId: string, filters: FeedFilters) =>
  infiniteQueryOptions({
    queryKey: feedKeys.groupFiltered(groupId, filters),
    queryFn: ({ pageParam }) => getGroupFeed({ data: { groupId, cursor: pageParam, ...filters } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: GroupFeedPage) => last.nextCursor,
    // Stops after about two minutes: a refresh that never ends must not poll forever.
    refetchInterval: (query) =>
      (query.state.data?.pages[0]?.pending ?? 0) > 0 && query.state.dataUpdateCount < FEED_POLL_MAX
        ? FEED_POLL_MS
        : false,
  })

/** Badges load apart from the tree: the tree never waits for them. */
export const feedBadgesQuery = () =>
  queryOptions({ queryKey: feedKeys.badges(), queryFn: () => getFeedBadges() })

function setWatched(
  data: InfiniteData<GroupFeedPage> | undefined,
  videoId: string,
  watched: boolean,
) {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      videos: page.videos.map((row) => (row.id === videoId ? { ...row, watched } : row)),
    })),
  }
}

/** Watched or not at once in every loaded feed; put back with a toast when refused. */
export const useMarkWatched = (groupId: string) =>
  useOptimisticMutation({
    mutationFn: (input: { videoId: string; watched: boolean }) => markWatched({ data: input }),
    touches: () => [feedKeys.groups()],
    apply: (queryClient, input) =>
      queryClient.setQueriesData<InfiniteData<GroupFeedPage>>(
        { queryKey: feedKeys.groups() },
        (data) => setWatched(data, input.videoId, input.watched),
      ),
    invalidates: () => [feedKeys.group(groupId)],
  })

/** Called once the feed has shown: the badges of this group (and its ancestors) drop. */
export const useMarkGroupSeen = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { groupId: string }) => markGroupSeen({ data: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.badges() }),
  })
}
