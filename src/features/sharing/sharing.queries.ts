import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { organiserKeys } from '~/features/groups/group-keys'
import {
  acceptInvitation,
  cancelInvitation,
  changeMemberRole,
  copySharedGroup,
  createShareLink,
  getInvitation,
  getSharePreview,
  getSharing,
  inviteMember,
  joinShareLink,
  leaveGroup,
  listSharedWithMe,
  removeMember,
  revokeShareLink,
  transferOwnership,
} from './sharing.functions'
import type {
  changeMemberRoleSchema,
  createShareLinkSchema,
  inviteSchema,
  memberRefSchema,
  SharePermission,
  transferOwnershipSchema,
} from './sharing.schemas'

/* Queries */

export const sharingQuery = (groupId: string) =>
  queryOptions({
    queryKey: organiserKeys.sharing(groupId),
    queryFn: () => getSharing({ data: { groupId } }),
    // Use counts and who joined move without this screen knowing.
    staleTime: 0,
  })

export const sharedWithMeQuery = () =>
  queryOptions({
    queryKey: organiserKeys.sharedWithMe(),
    queryFn: () => listSharedWithMe(),
  })

export const sharePreviewQuery = (linkId: string, permission: SharePermission) =>
  queryOptions({
    queryKey: organiserKeys.sharePreview(linkId, permission),
    queryFn: () => getSharePreview({ data: { linkId, permission } }),
    // An unavailable link stays unavailable.
    retry: false,
  })

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: organiserKeys.invitation(token),
    queryFn: () => getInvitation({ data: { token } }),
    retry: false,
  })

/* Mutations: sharing changes who sees what, so each one refreshes the whole organiser. */

function useSharingMutation<Input, Result>(run: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organiserKeys.all }),
  })
}

export const useJoinShareLink = () =>
  useSharingMutation((input: { linkId: string; permission: SharePermission }) =>
    joinShareLink({ data: input }),
  )
export const useCreateShareLink = () =>
  useSharingMutation((input: z.input<typeof createShareLinkSchema>) =>
    createShareLink({ data: input }),
  )
export const useRevokeShareLink = () =>
  useSharingMutation((input: { linkId: string }) => revokeShareLink({ data: input }))
export const useInviteMember = () =>
  useSharingMutation((input: z.input<typeof inviteSchema>) => inviteMember({ data: input }))
export const useCancelInvitation = () =>
  useSharingMutation((input: { invitationId: string }) => cancelInvitation({ data: input }))
export const useAcceptInvitation = () =>
  useSharingMutation((input: { token: string }) => acceptInvitation({ data: input }))
export const useChangeMemberRole = () =>
  useSharingMutation((input: z.input<typeof changeMemberRoleSchema>) =>
    changeMemberRole({ data: input }),
  )
export const useRemoveMember = () =>
  useSharingMutation((input: z.input<typeof memberRefSchema>) => removeMember({ data: input }))
export const useLeaveGroup = () =>
  useSharingMutation((input: { groupId: string }) => leaveGroup({ data: input }))
export const useCopySharedGroup = () =>
  useSharingMutation((input: { groupId: string }) => copySharedGroup({ data: input }))
export const useTransferOwnership = () =>
  useSharingMutation((input: z.input<typeof transferOwnershipSchema>) =>
    transferOwnership({ data: input }),
  )
