import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { dependsOnGroups } from '~/features/groups/group-keys'
import {
  getInbox,
  getNotificationSettings,
  getPushBrowsers,
  getPushSetup,
  markAllNotificationsRead,
  markNotificationsRead,
  removePushBrowser,
  saveNotificationPreference,
  savePushSubscription,
  setGroupNotice,
} from './notifications.functions'
import type {
  GroupNoticeInput,
  NotificationPreferenceInput,
  PushSubscriptionInput,
} from './notifications.schemas'

const all = ['notifications'] as const

export const notificationKeys = {
  /** Lists the reader's groups: a change to the tree refreshes it. */
  settings: () => [...dependsOnGroups.tree, 'notifications', 'settings'] as const,
  push: () => [...all, 'push'] as const,
  browsers: () => [...all, 'browsers'] as const,
  inbox: () => [...all, 'inbox'] as const,
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: () => getNotificationSettings(),
  })

/** The VAPID public key changes only with the server's configuration. */
export const pushSetupQuery = () =>
  queryOptions({
    queryKey: notificationKeys.push(),
    queryFn: () => getPushSetup(),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const pushBrowsersQuery = () =>
  queryOptions({ queryKey: notificationKeys.browsers(), queryFn: () => getPushBrowsers() })

/** The bell polls slowly and on focus: a push or digest lands at most a minute late. */
export const INBOX_POLL_MS = 60_000

export const inboxQuery = () =>
  queryOptions({
    queryKey: notificationKeys.inbox(),
    queryFn: () => getInbox(),
    staleTime: 30_000,
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  })

export function useSetGroupNotice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: GroupNoticeInput) => setGroupNotice({ data: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings() }),
  })
}

export function useSaveNotificationPreference() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NotificationPreferenceInput) => saveNotificationPreference({ data: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings() }),
  })
}

export function useSavePushSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PushSubscriptionInput) => savePushSubscription({ data: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.browsers() }),
  })
}

export function useRemovePushBrowser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => removePushBrowser({ data: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.browsers() }),
  })
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) => markNotificationsRead({ data: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.inbox() }),
  })
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.inbox() }),
  })
}
