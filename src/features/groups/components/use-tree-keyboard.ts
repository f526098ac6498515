import { useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent, useRef } from 'react'
import { toast } from 'sonner'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupNode } from '../groups.schemas'
import type { TreeIndex } from '../tree'
import {
  type KeyboardMove,
  keyboardMoveTarget,
  type MoveTarget,
  typeaheadIndex,
} from '../tree-view-model'
import type { TreeRowData } from './group-tree-row'

const ALT_MOVES: Record<string, KeyboardMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'indent',
  ArrowLeft: 'outdent',
}

/**
 * The tree's keys, as the ARIA treeview pattern has them: arrows browse and
 * fold, Home/End, type-ahead, Enter opens, Delete and the context-menu key act
 * on the row, and Alt+arrows move the focused group.
 */
export function useTreeKeyboard(options: {
  index: TreeIndex<GroupNode>
  rows: readonly TreeRowData[]
  rowIndexById: ReadonlyMap<string, number>
  activeIndex: number
  /** Moves are off while a search hides part of the tree. */
  searching: boolean
  focusRow: (at: number) => void
  setExpanded: (row: TreeRowData, expanded: boolean) => void
  onMove: (node: GroupNode, target: MoveTarget) => void
  announce: (text: string) => void
  onDelete: (row: TreeRowData) => void
  onMenu: (row: TreeRowData) => void
}) {
  const { rows, rowIndexById, focusRow, setExpanded, searching } = options
  const { t } = useI18n()
  const navigate = useNavigate()

  const keyboardMove = (row: TreeRowData, direction: KeyboardMove) => {
    if (searching) {
      options.announce(t('groups.tree.clearSearchToMove'))
      toast.info(t('groups.tree.clearSearchToMove'))
      return
    }
    const target = keyboardMoveTarget(options.index, row.node.id, direction)
    if (target) options.onMove(row.node, target)
  }

  /* Type-ahead: letters typed within half a second search together. */
  const typed = useRef({ text: '', at: 0 })
  const typeahead = (char: string) => {
    const now = Date.now()
    typed.current = {
      text: now - typed.current.at > 500 ? char : typed.current.text + char,
      at: now,
    }
    const found = typeaheadIndex(
      rows.map((row) => row.node.name),
      options.activeIndex,
      typed.current.text,
    )
    if (found >= 0) focusRow(found)
  }

  return (event: KeyboardEvent<HTMLDivElement>, row: TreeRowData) => {
    if (event.target !== event.currentTarget) return
    const at = rowIndexById.get(row.node.id) ?? 0
    if (event.altKey) {
      const direction = ALT_MOVES[event.key]
      if (!direction) return
      event.preventDefault()
      keyboardMove(row, direction)
      return
    }
    if (event.ctrlKey || event.metaKey) return
    switch (event.key) {
      case 'ArrowDown':
        focusRow(at + 1)
        break
      case 'ArrowUp':
        focusRow(at - 1)
        break
      case 'Home':
        focusRow(0)
        break
      case 'End':
        focusRow(rows.length - 1)
        break
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) setExpanded(row, true)
        else if (row.expanded) focusRow(at + 1)
        break
      case 'ArrowLeft':
        if (row.expanded && !searching) setExpanded(row, false)
        else if (row.node.parentId && rowIndexById.has(row.node.parentId))
          focusRow(rowIndexById.get(row.node.parentId) ?? at)
        break
      case 'Enter':
        void navigate({ to: '/dashboard/groups/$id/', params: { id: row.node.id } })
        break
      case 'Delete':
        options.onDelete(row)
        break
      case 'ContextMenu':
        options.onMenu(row)
        break
      case 'F10':
        if (!event.shiftKey) return
        options.onMenu(row)
        break
      default:
        if (event.key.length === 1 && event.key !== ' ') {
          typeahead(event.key)
          break
        }
        return
    }
    event.preventDefault()
  }
}
