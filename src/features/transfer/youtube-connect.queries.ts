import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { transferKeys } from './transfer.queries'
import {
  disconnectYoutube,
  getYoutubeConnection,
  importYoutubeSubscriptions,
} from './youtube-connect.functions'

export const youtubeConnectionKey = transferKeys.youtubeConnection()

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
