import type { Data } from '@dnd-kit/core'

/* What travels with a drag (dnd-kit's `data`) and what a drop means. */

/** Channels or animes picked up from a list: one row, or the whole selection it belongs to. */
export type EntriesDrag = {
  type: 'entries'
  /** The list they come from (a list reorders only its own rows). */
  listId: string
  kind: 'channel' | 'anime'
  /** Each entry with the groups it is in, so a drop knows which ones it adds. */
  entries: readonly { id: string; groupIds: readonly string[] }[]
  /** The group whose list they come from (a drop moves them); null from the library (a drop adds). */
  fromGroupId: string | null
  /** False where they may only be reordered (a group shared with the reader). */
  toGroups: boolean
}

export type GroupDrag = { type: 'group'; groupId: string; name: string }

export type DragData = EntriesDrag | GroupDrag

/** A group that takes a drop: a row of the tree or of the sidebar. */
export type GroupTarget = {
  type: 'group-target'
  place: 'tree' | 'sidebar'
  groupId: string
  name: string
}

/** A row of a list in its manual order (a drop there reorders). */
export type EntryTarget = { type: 'entry-target'; listId: string; entryId: string }

export type DropData = GroupTarget | EntryTarget

/** dnd-kit keeps `data` untyped: the one place it is read back (`{ drag }` or `{ drop }`). */
export function dragDataOf(data: Data | undefined): DragData | null {
  const drag: DragData | undefined = data?.drag
  return drag?.type === 'entries' || drag?.type === 'group' ? drag : null
}

export function dropDataOf(data: Data | undefined): DropData | null {
  const drop: DropData | undefined = data?.drop
  return drop?.type === 'group-target' || drop?.type === 'entry-target' ? drop : null
}

export type EntriesDrop =
  | { action: 'add'; groupId: string; entryIds: string[] }
  | { action: 'move'; fromGroupId: string; groupId: string; entryIds: string[] }

/** From the library it adds those not there yet; from a group's list it moves them. Own group: nothing. */
export function entriesDrop(drag: EntriesDrag, target: GroupTarget): EntriesDrop | null {
  if (!drag.toGroups || drag.entries.length === 0) return null
  if (drag.fromGroupId === target.groupId) return null
  if (drag.fromGroupId !== null) {
    return {
      action: 'move',
      fromGroupId: drag.fromGroupId,
      groupId: target.groupId,
      entryIds: drag.entries.map((entry) => entry.id),
    }
  }
  const entryIds = drag.entries
    .filter((entry) => !entry.groupIds.includes(target.groupId))
    .map((entry) => entry.id)
  return entryIds.length > 0 ? { action: 'add', groupId: target.groupId, entryIds } : null
}

/** Whether a group target lights up under this drag. */
export function acceptsOnGroup(drag: DragData | null): boolean {
  return drag?.type === 'entries' ? drag.toGroups : false
}

/** Where the pointer is over a list row: its upper half is "before". */
export function rowPlacement(pointerY: number, rect: { top: number; height: number }) {
  return pointerY < rect.top + rect.height / 2 ? 'before' : 'after'
}
