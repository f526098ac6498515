import type { QueryKey } from '@tanstack/react-query'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { dependsOnGroups, groupKeys } from '~/features/groups/group-keys'
import { idempotencyKeyFor } from '~/lib/idempotency'
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

const all = ['sharing'] as const
export const sharingKeys = {
  groups: () => [...all, 'group'] as const,
  group: (groupId: string) => [...all, 'group', groupId] as const,
  /** Groups shared with the reader, with their names: they follow the owners' trees. */
  sharedWithMe: () => [...dependsOnGroups.tree, 'shared-with-me'] as const,
  preview: (linkId: string, permission: string) => [...all, 'preview', linkId, permission] as const,
  invitations: () => [...all, 'invitation'] as const,
  invitation: (token: string) => [...all, 'invitation', token] as const,
}

export const sharingQuery = (groupId: string) =>
  queryOptions({
    queryKey: sharingKeys.group(groupId),
    queryFn: () => getSharing({ data: { groupId } }),
    // Use counts and who joined move without this screen knowing.
    staleTime: 0,
  })

export const sharedWithMeQuery = () =>
  queryOptions({
    queryKey: sharingKeys.sharedWithMe(),
    queryFn: () => listSharedWithMe(),
  })

export const sharePreviewQuery = (linkId: string, permission: SharePermission) =>
  queryOptions({
    queryKey: sharingKeys.preview(linkId, permission),
    queryFn: () => getSharePreview({ data: { linkId, permission } }),
    // An unavailable link stays unavailable.
    retry: false,
  })

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: sharingKeys.invitation(token),
    queryFn: () => getInvitation({ data: { token } }),
    retry: false,
  })

function useSharingMutation<Input, Result>(
  run: (input: Input) => Promise<Result>,
  invalidates: (input: Input) => readonly QueryKey[],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSettled: (_result, _error, input) =>
      Promise.all(
        invalidates(input).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  })
}

/** Who may do what on a group: its share screen, its page and its activity. */
const shareChanged = (groupId: string) =>
  [sharingKeys.group(groupId), groupKeys.detail(groupId), groupKeys.activities()] as const
/** A link or invitation known by its own id: every share screen. */
const anyShareChanged = () => [sharingKeys.groups(), groupKeys.activities()] as const
/** The reader gained or lost groups: the shared lists, the group pages and their pickers. */
const accessChanged = () =>
  [
    dependsOnGroups.tree,
    groupKeys.details(),
    groupKeys.sharedTrees(),
    groupKeys.activities(),
  ] as const
/** Groups left one tree for another, with their items. */
const treesChanged = () =>
  [groupKeys.all, sharingKeys.groups(), dependsOnGroups.tree, dependsOnGroups.membership] as const

export const useJoinShareLink = () =>
  useSharingMutation(
    (input: { linkId: string; permission: SharePermission }) => joinShareLink({ data: input }),
    accessChanged,
  )
export const useCreateShareLink = () =>
  useSharingMutation(
    // Retries of one click send one key: the server makes one link.
    (input: z.input<typeof createShareLinkSchema>) =>
      createShareLink({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    (input) => shareChanged(input.groupId),
  )
export const useRevokeShareLink = () =>
  useSharingMutation(
    (input: { linkId: string }) => revokeShareLink({ data: input }),
    anyShareChanged,
  )
export const useInviteMember = () =>
  useSharingMutation(
    // Retries of one invite send one key: the server sends one mail.
    (input: z.input<typeof inviteSchema>) =>
      inviteMember({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    (input) => shareChanged(input.groupId),
  )
export const useCancelInvitation = () =>
  useSharingMutation(
    (input: { invitationId: string }) => cancelInvitation({ data: input }),
    anyShareChanged,
  )
export const useAcceptInvitation = () =>
  useSharingMutation(
    (input: { token: string }) => acceptInvitation({ data: input }),
    () => [...accessChanged(), sharingKeys.invitations()],
  )
export const useChangeMemberRole = () =>
  useSharingMutation(
    (input: z.input<typeof changeMemberRoleSchema>) => changeMemberRole({ data: input }),
    (input) => shareChanged(input.groupId),
  )
export const useRemoveMember = () =>
  useSharingMutation(
    (input: z.input<typeof memberRefSchema>) => removeMember({ data: input }),
    (input) => shareChanged(input.groupId),
  )
export const useLeaveGroup = () =>
  useSharingMutation((input: { groupId: string }) => leaveGroup({ data: input }), accessChanged)
export const useCopySharedGroup = () =>
  useSharingMutation(
    // Retries of one copy send one key: the server copies once.
    (input: { groupId: string }) =>
      copySharedGroup({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    treesChanged,
  )
export const useTransferOwnership = () =>
  useSharingMutation(
    (input: z.input<typeof transferOwnershipSchema>) => transferOwnership({ data: input }),
    treesChanged,
  )
