import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { organiserKeys } from '~/features/groups/group-keys'
import {
  disconnectYoutube,
  getYoutubeConnection,
  importYoutubeSubscriptions,
} from './youtube-connect.functions'

/** Under the transfer prefix: an applied import does not need to refetch it. */
export const youtubeConnectionKey = [...organiserKeys.transfer(), 'youtube-connection'] as const

export const youtubeConnectionQuery = () =>
  queryOptions({
    queryKey: youtubeConnectionKey,
    queryFn: () => getYoutubeConnection(),
  })

/** Reads every page of subscriptions with the stored tokens and answers a new preview's id. */
export function useImportYoutubeSubscriptions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => importYoutubeSubscriptions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: youtubeConnectionKey }),
  })
}

export function useDisconnectYoutube() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => disconnectYoutube(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: youtubeConnectionKey }),
  })
}
