import { GROUP_DEPTH_MAX } from '~/config/product'
import { groupNameKey } from '~/db/name-key'
import { clipName, freeGroupName } from '~/features/groups/group-names'
import {
  GROUP_DESCRIPTION_MAX,
  type GroupColor,
  iconSchema,
  toGroupColor,
} from '~/features/groups/groups.schemas'
import type { ChannelRef } from '~/lib/youtube-urls'
import {
  GROUP_PATH_SEPARATOR,
  type ImportGroup,
  type ImportItemRef,
  type ImportModel,
  type ImportOptions,
  type ImportPreviewGroup,
  type ImportProblem,
} from './transfer.schemas'

/* Pure, shared by preview and apply, so what is shown is what is done. */

/** Longest problem input and stored file name, as the preview contract says. */
export const INPUT_MAX = 200

export type ExistingGroup = {
  id: string
  parentId: string | null
  name: string
  nameKey: string
  position: string
}

export type Target = {
  id: string | null
  depth: number
  /** Items in file order (folded deeper levels included); duplicates are dropped when placed. */
  items: ImportItemRef[]
  children: PlanNode[]
  existingByKey: Map<string, ExistingGroup>
  plannedByKey: Map<string, PlanNode>
  taken: Set<string>
}

export type PlanNode = {
  /** True: merged into an existing group (nothing created). */
  merged: boolean
  /** An existing sibling has the file's name (merged into it or renamed). */
  exists: boolean
  fileName: string
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  own: Target
}

export type Plan = { root: Target; tooDeep: ImportProblem[]; nodes: PlanNode[] }

export function isId(ref: ChannelRef): ref is Extract<ChannelRef, { kind: 'id' }> {
  return ref.kind === 'id'
}

export function problemInput(text: string): string {
  return clipName(text, INPUT_MAX)
}

/** Parsers already clean names; this keeps a bad one from breaking the unique index or the limit. */
function cleanName(name: string): string {
  const cleaned = clipName(name.normalize('NFC').trim()).trim()
  return cleaned === '' ? '—' : cleaned
}

function toIcon(icon: string | null): string | null {
  return icon !== null && iconSchema.safeParse(icon).success ? icon : null
}

function byKey(groups: readonly ExistingGroup[]): Map<string, ExistingGroup> {
  return new Map(groups.map((row) => [row.nameKey, row]))
}

/** Appends without spreading: a flat file can hold 20,000 items, too many for call arguments. */
function append<T>(list: T[], more: readonly T[]) {
  for (const value of more) list.push(value)
}

/**
 * A group whose name_key a sibling already has is merged into it (or created beside it under a free
 * name). Levels deeper than GROUP_DEPTH_MAX fold their items into the deepest allowed ancestor.
 */
export function planImport(
  model: ImportModel,
  existing: readonly ExistingGroup[],
  destination: { id: string | null; depth: number },
  sameNames: ImportOptions['sameNames'],
  newId: () => string,
): Plan {
  const childrenOf = new Map<string | null, ExistingGroup[]>()
  for (const row of existing) {
    const list = childrenOf.get(row.parentId) ?? []
    list.push(row)
    childrenOf.set(row.parentId, list)
  }
  const target = (id: string | null, depth: number, siblings: ExistingGroup[]): Target => ({
    id,
    depth,
    items: [],
    children: [],
    existingByKey: byKey(siblings),
    plannedByKey: new Map(),
    taken: new Set(siblings.map((row) => row.nameKey)),
  })
  const root = target(destination.id, destination.depth, childrenOf.get(destination.id) ?? [])
  // Ungrouped items only land in a group when the user chose one.
  if (destination.id !== null) append(root.items, model.ungrouped)
  const tooDeep: ImportProblem[] = []
  const nodes: PlanNode[] = []

  const fold = (source: ImportGroup, into: Target, path: string[]) => {
    tooDeep.push({
      line: null,
      code: 'tooDeep',
      input: problemInput(path.join(GROUP_PATH_SEPARATOR)),
    })
    append(into.items, source.items)
    for (const child of source.groups) fold(child, into, [...path, cleanName(child.name)])
  }

  const place = (sources: readonly ImportGroup[], parent: Target, path: string[]) => {
    for (const source of sources) {
      const fileName = cleanName(source.name)
      const childPath = [...path, fileName]
      if (parent.depth + 1 > GROUP_DEPTH_MAX) {
        fold(source, parent, childPath)
        continue
      }
      const key = groupNameKey(fileName)
      const clash = parent.existingByKey.get(key)
      const planned = parent.plannedByKey.get(key)
      let node: PlanNode
      if (sameNames === 'merge' && planned) {
        node = planned
      } else if (sameNames === 'merge' && clash) {
        node = {
          merged: true,
          exists: true,
          fileName,
          name: clash.name,
          description: '',
          icon: toIcon(source.icon),
          color: toGroupColor(source.color),
          own: target(clash.id, parent.depth + 1, childrenOf.get(clash.id) ?? []),
        }
      } else {
        node = {
          merged: false,
          exists: clash !== undefined,
          fileName,
          name: freeGroupName(fileName, parent.taken),
          description: clipName(source.description.normalize('NFC').trim(), GROUP_DESCRIPTION_MAX),
          icon: toIcon(source.icon),
          color: toGroupColor(source.color),
          own: target(newId(), parent.depth + 1, []),
        }
      }
      if (node !== planned) {
        parent.children.push(node)
        parent.plannedByKey.set(groupNameKey(node.name), node)
        parent.plannedByKey.set(key, node)
        parent.taken.add(groupNameKey(node.name))
        nodes.push(node)
      }
      append(node.own.items, source.items)
      place(source.groups, node.own, childPath)
    }
  }
  place(model.groups, root, [])
  return { root, tooDeep, nodes }
}

function itemKey(ref: ImportItemRef): string {
  return `${ref.kind}:${ref.key}`
}

export function toPreviewGroup(node: PlanNode): ImportPreviewGroup {
  return {
    name: node.fileName,
    icon: node.icon,
    color: node.color,
    itemCount: new Set(node.own.items.map(itemKey)).size,
    exists: node.exists,
    groups: node.own.children.map(toPreviewGroup),
  }
}
