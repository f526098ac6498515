import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { idempotencyKeyFor } from '~/lib/idempotency'
import { useOptimisticMutation } from '~/lib/optimistic'
import { dependsOnGroups, groupKeys } from './group-keys'
import {
  addItems,
  createGroup,
  deleteGroup,
  foldGroup,
  foldGroups,
  getDeletePreview,
  getGroupDetail,
  getGroupSettings,
  getGroupTree,
  getSharedTree,
  listActivity,
  moveGroup,
  moveItems,
  removeItems,
  reorderItem,
  updateGroup,
  updateGroupSettings,
} from './groups.functions'
import type {
  createGroupSchema,
  foldGroupSchema,
  foldGroupsSchema,
  GroupDetail,
  GroupNode,
  GroupSettingsChange,
  GroupSettingsDto,
  GroupTree,
  groupItemsSchema,
  moveGroupSchema,
  moveItemsSchema,
  reorderItemSchema,
  updateGroupSchema,
  versionedGroupRefSchema,
} from './groups.schemas'
import { parseGroupDetail, parseGroupTree } from './groups.schemas'
import { compareKeys, keyAfterSibling } from './positions'
import { childrenOf, descendantIds } from './tree'

export const groupTreeQuery = () =>
  queryOptions({
    queryKey: groupKeys.tree(),
    queryFn: async () => parseGroupTree(await (await getGroupTree()).text()),
  })

export const groupDetailQuery = (id: string) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: async () => parseGroupDetail(await (await getGroupDetail({ data: { id } })).text()),
  })

/** The tree a group's move and copy pickers offer (a member's shared subtree). */
export const sharedTreeQuery = (id: string) =>
  queryOptions({
    queryKey: groupKeys.sharedTree(id),
    queryFn: () => getSharedTree({ data: { id } }),
  })

export const deletePreviewQuery = (id: string) =>
  queryOptions({
    queryKey: groupKeys.deletePreview(id),
    queryFn: () => getDeletePreview({ data: { id } }),
    // The confirmation must count what is there now.
    staleTime: 0,
  })

export const activityQuery = (groupId: string | null) =>
  queryOptions({
    queryKey: groupKeys.activity(groupId),
    queryFn: () => listActivity({ data: { groupId } }),
  })

export const groupSettingsQuery = () =>
  queryOptions({ queryKey: groupKeys.settings(), queryFn: () => getGroupSettings() })

/* Optimistic cache edits: each writes the expected outcome, the server's answer replaces it. */

function editTree(client: QueryClient, edit: (groups: GroupNode[]) => GroupNode[]) {
  client.setQueryData(groupTreeQuery().queryKey, (tree: GroupTree | undefined) =>
    tree ? { ...tree, groups: edit(tree.groups) } : tree,
  )
}

function editNode(client: QueryClient, id: string, edit: (node: GroupNode) => GroupNode) {
  editTree(client, (groups) => groups.map((node) => (node.id === id ? edit(node) : node)))
}

function editDetail(client: QueryClient, id: string, edit: (detail: GroupDetail) => GroupDetail) {
  client.setQueryData(groupDetailQuery(id).queryKey, (detail: GroupDetail | undefined) =>
    detail ? edit(detail) : detail,
  )
}

function withoutItems(detail: GroupDetail, entryIds: readonly string[]): GroupDetail {
  const gone = new Set(entryIds)
  return { ...detail, items: detail.items.filter((item) => !gone.has(item.entryId)) }
}

const tree = groupKeys.tree()

/* Shape or names change: tree, group pages, activity, derived answers; membership changes add entry chips. */
const afterTreeChange = () =>
  [tree, groupKeys.details(), groupKeys.activities(), dependsOnGroups.tree] as const
const afterItemsChange = () => [...afterTreeChange(), dependsOnGroups.membership] as const

type CreateGroupInput = z.input<typeof createGroupSchema>
type UpdateGroupInput = z.input<typeof updateGroupSchema>
type MoveGroupInput = z.input<typeof moveGroupSchema>
type DeleteGroupInput = z.input<typeof versionedGroupRefSchema>
type FoldGroupInput = z.input<typeof foldGroupSchema>
type FoldGroupsInput = z.input<typeof foldGroupsSchema>

/** Not optimistic: the form waits for the new id and shows a refusal in place. */
export function useCreateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    // A retry of this submit sends the same key: the server creates the group once.
    mutationFn: (input: CreateGroupInput) =>
      createGroup({ data: { ...input, idempotencyKey: idempotencyKeyFor(input) } }),
    onSettled: () =>
      Promise.all(afterTreeChange().map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}

export function useUpdateGroup() {
  return useOptimisticMutation({
    mutationFn: (input: UpdateGroupInput) => updateGroup({ data: input }),
    touches: (input) => [tree, groupKeys.detail(input.id)],
    apply: (client, input) => {
      const fields = {
        name: input.name.trim(),
        description: input.description.trim(),
        icon: input.icon,
        color: input.color,
        version: input.version + 1,
      }
      editNode(client, input.id, (node) => ({ ...node, ...fields }))
      editDetail(client, input.id, (detail) => ({
        ...detail,
        group: { ...detail.group, ...fields },
      }))
    },
    invalidates: afterTreeChange,
    // The edit form shows the refusal (stale version, taken name) in place.
    toastOnError: false,
  })
}

/** Move and reorder: the node takes its new parent and a key between its new neighbours. */
export function useMoveGroup() {
  return useOptimisticMutation({
    mutationFn: (input: MoveGroupInput) => moveGroup({ data: input }),
    touches: () => [tree],
    apply: (client, input) =>
      editTree(client, (groups) => {
        const siblings = childrenOf(groups, input.parentId).filter((node) => node.id !== input.id)
        const position = keyAfterSibling(siblings, input.afterId)
        if (position === null) return groups
        return groups.map((node) =>
          node.id === input.id
            ? { ...node, parentId: input.parentId, position, version: input.version + 1 }
            : node,
        )
      }),
    invalidates: afterTreeChange,
  })
}

export function useDeleteGroup() {
  return useOptimisticMutation({
    mutationFn: (input: DeleteGroupInput) => deleteGroup({ data: input }),
    touches: () => [tree],
    apply: (client, input) =>
      editTree(client, (groups) => {
        const gone = descendantIds(groups, input.id).add(input.id)
        return groups.filter((node) => !gone.has(node.id))
      }),
    invalidates: () => [...afterItemsChange(), groupKeys.trash()],
  })
}

export function useFoldGroup() {
  return useOptimisticMutation({
    mutationFn: (input: FoldGroupInput) => foldGroup({ data: input }),
    touches: () => [tree],
    apply: (client, input) =>
      editNode(client, input.id, (node) => ({ ...node, expanded: input.expanded })),
    invalidates: () => [tree],
  })
}

export function useFoldGroups() {
  return useOptimisticMutation({
    mutationFn: (input: FoldGroupsInput) => foldGroups({ data: input }),
    touches: () => [tree],
    apply: (client, input) => {
      const ids = new Set(input.ids)
      client.setQueryData(groupTreeQuery().queryKey, (current: GroupTree | undefined) =>
        current
          ? {
              ...current,
              groups: current.groups.map((node) =>
                ids.has(node.id) ? { ...node, expanded: input.expanded } : node,
              ),
            }
          : current,
      )
    },
    invalidates: () => [tree],
  })
}

export function useUpdateGroupSettings() {
  return useOptimisticMutation({
    mutationFn: (input: GroupSettingsChange) => updateGroupSettings({ data: input }),
    touches: () => [groupKeys.settings(), tree],
    apply: (client, input) => {
      client.setQueryData(groupSettingsQuery().queryKey, (current: GroupSettingsDto | undefined) =>
        current ? { ...current, ...input } : current,
      )
      client.setQueryData(groupTreeQuery().queryKey, (current: GroupTree | undefined) =>
        current ? { ...current, settings: { ...current.settings, ...input } } : current,
      )
    },
    invalidates: () => [groupKeys.settings(), tree],
  })
}

type GroupItemsInput = z.input<typeof groupItemsSchema>
type MoveItemsInput = z.input<typeof moveItemsSchema>
type ReorderItemInput = z.input<typeof reorderItemSchema>

/* Adding needs catalogue data the client does not have, so nothing is drawn ahead. */
export function useAddItems() {
  return useOptimisticMutation({
    mutationFn: (input: GroupItemsInput) => addItems({ data: input }),
    touches: () => [],
    apply: () => {},
    invalidates: afterItemsChange,
  })
}

export function useRemoveItems() {
  return useOptimisticMutation({
    mutationFn: (input: GroupItemsInput) => removeItems({ data: input }),
    touches: (input) => [groupKeys.detail(input.groupId)],
    apply: (client, input) =>
      editDetail(client, input.groupId, (detail) => withoutItems(detail, input.entryIds)),
    invalidates: afterItemsChange,
  })
}

export function useMoveItems() {
  return useOptimisticMutation({
    mutationFn: (input: MoveItemsInput) => moveItems({ data: input }),
    touches: (input) => [groupKeys.detail(input.fromGroupId)],
    apply: (client, input) =>
      editDetail(client, input.fromGroupId, (detail) => withoutItems(detail, input.entryIds)),
    invalidates: afterItemsChange,
  })
}

export function useReorderItem() {
  return useOptimisticMutation({
    mutationFn: (input: ReorderItemInput) => reorderItem({ data: input }),
    touches: (input) => [groupKeys.detail(input.groupId)],
    apply: (client, input) =>
      editDetail(client, input.groupId, (detail) => {
        const others = detail.items.filter((item) => item.entryId !== input.entryId)
        const siblings = others.map((item) => ({ id: item.entryId, position: item.position }))
        const position = keyAfterSibling(siblings, input.afterId)
        if (position === null) return detail
        const items = detail.items
          .map((item) => (item.entryId === input.entryId ? { ...item, position } : item))
          .sort((a, b) => compareKeys(a.position, b.position))
        return { ...detail, items }
      }),
    invalidates: (input) => [groupKeys.detail(input.groupId)],
  })
}
