import { z } from 'zod'
import { GROUP_SORTS, type GroupSort } from '~/db/schema'
import type { AnimeAiring } from '~/features/catalogue/anime-airing.schemas'
import { idempotencyKeyField } from '~/lib/idempotency'
import { idSchema } from './id.schemas'

/* Client-safe: message keys instead of text. */

export const GROUP_NAME_MAX = 60
export const GROUP_DESCRIPTION_MAX = 500

/** Group colours: names, mapped to theme-aware classes in the UI. */
export const GROUP_COLORS = [
  'slate',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
] as const
export type GroupColor = (typeof GROUP_COLORS)[number]

export function toGroupColor(value: string | null): GroupColor | null {
  return GROUP_COLORS.find((color) => color === value) ?? null
}

const LUCIDE_ICON = /^lucide:[a-z0-9]+(?:-[a-z0-9]+)*$/
/** One emoji (any sequence of pictographs, modifiers, ZWJ and variation selectors). */
const EMOJI_ICON = /^emoji:(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f){1,16}$/u

export const iconSchema = z
  .string()
  .max(80, 'groups.error.iconInvalid')
  .refine((value) => LUCIDE_ICON.test(value) || EMOJI_ICON.test(value), 'groups.error.iconInvalid')

export const colorSchema = z.enum(GROUP_COLORS, { message: 'groups.error.colorInvalid' })

/** Code points, not UTF-16 units: "60 characters" in any script, emoji included. */
function characterCount(value: string): number {
  return [...value].length
}

export const groupNameSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, 'groups.error.nameRequired')
      .refine((value) => characterCount(value) <= GROUP_NAME_MAX, 'groups.error.nameTooLong'),
  )

export const groupDescriptionSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .refine(
        (value) => characterCount(value) <= GROUP_DESCRIPTION_MAX,
        'groups.error.descriptionTooLong',
      ),
  )

// Defined apart (small contracts import it alone); most callers import it from here.
export { idSchema }
export const versionSchema = z.number().int().min(1)

export const groupFormSchema = z.object({
  name: groupNameSchema,
  description: groupDescriptionSchema,
  icon: iconSchema.nullable(),
  color: colorSchema.nullable(),
})
export const GROUP_FORM_FIELDS = ['name', 'description', 'icon', 'color'] as const
export const GROUP_ERROR_PARAMS = {
  'groups.error.nameTooLong': { max: GROUP_NAME_MAX },
  'groups.error.descriptionTooLong': { max: GROUP_DESCRIPTION_MAX },
}

export const createGroupSchema = groupFormSchema.extend({
  parentId: idSchema.nullable(),
  ...idempotencyKeyField,
})
export const updateGroupSchema = groupFormSchema.extend({ id: idSchema, version: versionSchema })
export const groupRefSchema = z.object({ id: idSchema })
export const versionedGroupRefSchema = z.object({ id: idSchema, version: versionSchema })

/** Move and reorder are one operation: parent (null = top level), sibling to land after (null = first; omitted = last). */
export const moveGroupSchema = z.object({
  id: idSchema,
  version: versionSchema,
  parentId: idSchema.nullable(),
  afterId: idSchema.nullable().optional(),
})

export const foldGroupSchema = z.object({ id: idSchema, expanded: z.boolean() })
export const foldGroupsSchema = z.object({
  ids: z.array(idSchema).min(1).max(10_000),
  expanded: z.boolean(),
})

export const groupSettingsSchema = z.object({
  defaultIcon: iconSchema,
  defaultColor: colorSchema,
  defaultSort: z.enum(GROUP_SORTS),
  treeExpanded: z.boolean(),
  showCounts: z.boolean(),
})
/** Names only the settings it changes, so a tab showing older settings cannot undo another tab's change. */
export const groupSettingsChangeSchema = groupSettingsSchema
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'errors.validation',
  })
export type GroupSettingsChange = z.infer<typeof groupSettingsChangeSchema>

export const ENTRY_BATCH_MAX = 20_000
const entryIdsSchema = z.array(idSchema).min(1).max(ENTRY_BATCH_MAX)

export const groupItemsSchema = z.object({ groupId: idSchema, entryIds: entryIdsSchema })
export const moveItemsSchema = z.object({
  fromGroupId: idSchema,
  toGroupId: idSchema,
  entryIds: entryIdsSchema,
})
export const reorderItemSchema = z.object({
  groupId: idSchema,
  entryId: idSchema,
  afterId: idSchema.nullable(),
})

/** Roles on a group, weakest first: the one ranking every access decision uses. */
export const GROUP_ROLES = ['viewer', 'editor', 'owner'] as const
export type GroupRole = (typeof GROUP_ROLES)[number]

export function roleAtLeast(held: GroupRole, wanted: GroupRole): boolean {
  return GROUP_ROLES.indexOf(held) >= GROUP_ROLES.indexOf(wanted)
}

export type GroupSettingsDto = z.infer<typeof groupSettingsSchema>

export type GroupNode = {
  id: string
  parentId: string | null
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  position: string
  version: number
  channelCount: number
  animeCount: number
  /** The user's remembered fold state, already resolved against their default. */
  expanded: boolean
  updatedAt: string
}

/** A GroupNode read back from JSON (a create's stored answer, replayed for a retry). */
export const groupNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  color: z.enum(GROUP_COLORS).nullable(),
  position: z.string(),
  version: z.number(),
  channelCount: z.number(),
  animeCount: z.number(),
  expanded: z.boolean(),
  updatedAt: z.string(),
}) satisfies z.ZodType<GroupNode>

const groupSettingsDtoSchema = z.object({
  defaultIcon: z.string(),
  defaultColor: z.enum(GROUP_COLORS),
  defaultSort: z.enum(GROUP_SORTS),
  treeExpanded: z.boolean(),
  showCounts: z.boolean(),
})

export type GroupTree = {
  groups: GroupNode[]
  settings: z.infer<typeof groupSettingsDtoSchema>
  maxDepth: number
}

/**
 * One array per field, parents as indexes, times as epoch ms: far fewer bytes, which is what a busy
 * server spends its time on (decision 0016).
 */
const groupTreeWireSchema = z
  .object({
    groups: z.object({
      id: z.array(z.string()),
      /** Index of the parent in `id`; -1 at the top level. */
      parent: z.array(z.number().int().min(-1)),
      name: z.array(z.string()),
      description: z.array(z.string()),
      icon: z.array(z.string().nullable()),
      color: z.array(z.enum(GROUP_COLORS).nullable()),
      position: z.array(z.string()),
      version: z.array(z.number()),
      channelCount: z.array(z.number()),
      animeCount: z.array(z.number()),
      /** 1 expanded, 0 folded. */
      expanded: z.array(z.union([z.literal(0), z.literal(1)])),
      updatedAt: z.array(z.number()),
    }),
    settings: groupSettingsDtoSchema,
    maxDepth: z.number(),
  })
  .refine(
    ({ groups }) =>
      Object.values(groups).every((column) => column.length === groups.id.length) &&
      groups.parent.every((index) => index < groups.id.length),
    'the tree’s columns disagree',
  )

export function encodeGroupTree(tree: GroupTree): string {
  const index = new Map(tree.groups.map((group, at) => [group.id, at]))
  const column = <T>(pick: (group: GroupNode) => T) => tree.groups.map(pick)
  return JSON.stringify({
    groups: {
      id: column((group) => group.id),
      parent: column((group) => (group.parentId === null ? -1 : (index.get(group.parentId) ?? -1))),
      name: column((group) => group.name),
      description: column((group) => group.description),
      icon: column((group) => group.icon),
      color: column((group) => group.color),
      position: column((group) => group.position),
      version: column((group) => group.version),
      channelCount: column((group) => group.channelCount),
      animeCount: column((group) => group.animeCount),
      expanded: column((group) => (group.expanded ? 1 : 0)),
      updatedAt: column((group) => Date.parse(group.updatedAt)),
    },
    settings: tree.settings,
    maxDepth: tree.maxDepth,
  })
}

export function parseGroupTree(json: string): GroupTree {
  const { groups: g, settings, maxDepth } = groupTreeWireSchema.parse(JSON.parse(json))
  const groups = g.id.map(
    (id, at): GroupNode => ({
      id,
      parentId: g.id[g.parent[at] ?? -1] ?? null,
      name: g.name[at] ?? '',
      description: g.description[at] ?? '',
      icon: g.icon[at] ?? null,
      color: g.color[at] ?? null,
      position: g.position[at] ?? '',
      version: g.version[at] ?? 0,
      channelCount: g.channelCount[at] ?? 0,
      animeCount: g.animeCount[at] ?? 0,
      expanded: g.expanded[at] === 1,
      updatedAt: new Date(g.updatedAt[at] ?? 0).toISOString(),
    }),
  )
  return { groups, settings, maxDepth }
}

/** A group's item; animes carry their airing facts (null for channels). */
export type GroupItem = AnimeAiring & {
  entryId: string
  kind: 'channel' | 'anime'
  position: string
  addedAt: string
  title: string
  originalTitle: string
  imageUrl: string | null
  sourceId: string
  handle: string | null
  subscriberCount: number | null
  hiddenSubscriberCount: boolean
  tags: string[]
}

export type GroupCrumb = { id: string; name: string; icon: string | null; color: GroupColor | null }

export type GroupDetail = {
  group: GroupNode & { createdAt: string }
  ancestors: GroupCrumb[]
  /** Direct subgroups, with counts that include their descendants. */
  children: (GroupNode & { totalCount: number; subgroupCount: number })[]
  items: GroupItem[]
  role: GroupRole
  /** Rename, move or delete this group: the owner, or an editor below their grant. */
  canRestructure: boolean
  /** The owner's display name when the group is someone else's (shared with the reader). */
  ownerName: string | null
}

const groupItemWireSchema = z.object({
  entryId: z.string(),
  kind: z.enum(['channel', 'anime']),
  position: z.string(),
  addedAt: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  imageUrl: z.string().nullable(),
  sourceId: z.string(),
  handle: z.string().nullable(),
  subscriberCount: z.number().nullable(),
  hiddenSubscriberCount: z.boolean(),
  tags: z.array(z.string()),
  status: z.string().nullable(),
  episodes: z.number().nullable(),
  nextEpisode: z.number().nullable(),
  nextAiringAt: z.string().nullable(),
  latestEpisode: z.number().nullable(),
  latestEpisodeAt: z.string().nullable(),
}) satisfies z.ZodType<GroupItem>

const groupCrumbSchema = groupNodeSchema.pick({ id: true, name: true, icon: true, color: true })

/** The detail server function answers plain JSON (decision 0055); this reads it back. */
const groupDetailWireSchema = z.object({
  group: groupNodeSchema.extend({ createdAt: z.string() }),
  ancestors: z.array(groupCrumbSchema),
  children: z.array(groupNodeSchema.extend({ totalCount: z.number(), subgroupCount: z.number() })),
  items: z.array(groupItemWireSchema),
  role: z.enum(GROUP_ROLES),
  canRestructure: z.boolean(),
  ownerName: z.string().nullable(),
}) satisfies z.ZodType<GroupDetail>

export function parseGroupDetail(json: string): GroupDetail {
  return groupDetailWireSchema.parse(JSON.parse(json))
}

/** A group's pickers: a member sees only the shared subtree (rootId), the owner their tree (null). */
export type SharedTree = {
  groups: GroupNode[]
  rootId: string | null
  /** Deepest nesting counted from the top of `groups` (the shared root sits deep in its owner's tree). */
  maxDepth: number
}

export type DeletePreview = { subgroups: number; items: number }

export type ActivityEntry = {
  id: string
  action: string
  actorName: string
  groupId: string | null
  details: Record<string, string | number | null>
  createdAt: string
}

export type { GroupSort }

export const listActivitySchema = z.object({ groupId: idSchema.nullable() })

/** What adding entries to the library or a group did. `pending`: pasted channels kept until YouTube answers (decision 0049). */
export type AddResult = { added: number; alreadyThere: number; pending?: number }
