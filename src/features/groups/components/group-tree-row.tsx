import { useDraggable, useDroppable } from '@dnd-kit/core'
import { Link } from '@tanstack/react-router'
import { ChevronRight, MoreHorizontal } from 'lucide-react'
import { type KeyboardEvent, memo, type ReactNode, useCallback } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { acceptsOnGroup, dragDataOf, type GroupDrag, type GroupTarget } from '../drag-data'
import type { GroupNode, GroupSettingsDto } from '../groups.schemas'
import type { FlatRow } from '../tree'
import type { DropPosition } from '../tree-view-model'
import { GroupGlyph } from './group-icon'
import { HighlightedName } from './group-search-box'
import { GroupRowMenu } from './group-tree-row-menu'

export type TreeRowData = FlatRow<GroupNode>

export const TREE_ROW_HEIGHT = 44
const INDENT = 20

/** `labelId`: short text joining the row's name (seen = heard); `descriptionId`: a describing sentence. */
export type RowBadge = (
  groupId: string,
  ids: { labelId: string; descriptionId: string },
) => ReactNode

/** One stable object for every row: its methods call the tree's latest handlers. */
export type TreeRowActions = {
  menuOpenChange: (row: TreeRowData, open: boolean) => void
  openMenu: (row: TreeRowData) => void
  focus: (row: TreeRowData) => void
  keyDown: (event: KeyboardEvent<HTMLDivElement>, row: TreeRowData) => void
  toggle: (row: TreeRowData) => void
  move: (row: TreeRowData) => void
  remove: (row: TreeRowData) => void
}

type TreeRowProps = {
  domId: string
  row: TreeRowData
  tabbable: boolean
  position: number
  setSize: number
  settings: GroupSettingsDto
  query: string
  canNest: boolean
  dragging: boolean
  drop: DropPosition | null
  draggable: boolean
  menuOpen: boolean
  rowBadge: RowBadge | undefined
  actions: TreeRowActions
}

/** Re-render a row only when something it shows changed (1,000 rows, many updates). */
function sameRow(a: TreeRowProps, b: TreeRowProps): boolean {
  const keys: (keyof TreeRowProps)[] = [
    'domId',
    'tabbable',
    'position',
    'setSize',
    'settings',
    'query',
    'canNest',
    'dragging',
    'drop',
    'draggable',
    'menuOpen',
    'rowBadge',
    'actions',
  ]
  if (keys.some((key) => a[key] !== b[key])) return false
  const x = a.row
  const y = b.row
  return (
    x.node === y.node &&
    x.depth === y.depth &&
    x.hasChildren === y.hasChildren &&
    x.expanded === y.expanded &&
    x.totalCount === y.totalCount
  )
}

export const GroupTreeRow = memo(function GroupTreeRow(props: TreeRowProps) {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  const { row } = props
  const { node } = row
  const nameId = `${props.domId}-name`
  const countsId = `${props.domId}-counts`
  const shortCountsId = `${props.domId}-short-counts`
  const badgeIds = { labelId: `${props.domId}-new-short`, descriptionId: `${props.domId}-new` }
  const badge = props.rowBadge?.(node.id, badgeIds) ?? null
  const hasBadge = badge !== null
  const direct = node.channelCount + node.animeCount
  const indent = (row.depth - 1) * INDENT
  const showCounts = props.settings.showCounts
  const labelledBy = [nameId, hasBadge ? badgeIds.labelId : null, showCounts ? shortCountsId : null]
    .filter(Boolean)
    .join(' ')
  const describedBy = [showCounts ? countsId : null, hasBadge ? badgeIds.descriptionId : null]
    .filter(Boolean)
    .join(' ')
  const menuLabel = t('groups.tree.actions', { name: node.name })
  // The row is what is dragged (the group) and a drop target (a group, or channels dropped on it).
  const dragData: GroupDrag = { type: 'group', groupId: node.id, name: node.name }
  const drag = useDraggable({
    id: `group:${node.id}`,
    data: { drag: dragData },
    disabled: !props.draggable,
  })
  const dropData: GroupTarget = {
    type: 'group-target',
    place: 'tree',
    groupId: node.id,
    name: node.name,
  }
  const target = useDroppable({ id: `tree:${node.id}`, data: { drop: dropData } })
  const entriesOver = target.isOver && acceptsOnGroup(dragDataOf(target.active?.data.current))
  const { setNodeRef: setDragRef } = drag
  const { setNodeRef: setDropRef } = target
  const setNodeRef = useCallback(
    (element: HTMLDivElement | null) => {
      setDragRef(element)
      setDropRef(element)
    },
    [setDragRef, setDropRef],
  )
  return (
    <div
      id={props.domId}
      role="treeitem"
      aria-level={row.depth}
      aria-posinset={props.position}
      aria-setsize={props.setSize}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy || undefined}
      tabIndex={props.tabbable ? 0 : -1}
      ref={setNodeRef}
      data-drop={props.drop ?? (entriesOver ? 'inside' : undefined)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.actions.focus(row)
      }}
      onKeyDown={(event) => props.actions.keyDown(event, row)}
      {...drag.listeners}
      onClick={(event) => {
        // A click anywhere but the row's link and buttons makes it the focused row.
        if (event.target instanceof Element && event.target.closest('a, button')) return
        event.currentTarget.focus()
      }}
      className={cn(
        'relative flex w-full items-center gap-2 rounded-lg pr-1 outline-none',
        'hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset dark:hover:bg-zinc-800/60',
        props.dragging && 'opacity-50',
        (props.drop === 'inside' || entriesOver) &&
          'bg-primary-soft ring-2 ring-primary ring-inset dark:bg-zinc-800',
      )}
      style={{ minHeight: TREE_ROW_HEIGHT }}
    >
      {props.drop === 'before' || props.drop === 'after' ? (
        <span
          aria-hidden
          data-drop-indicator={props.drop}
          className={cn(
            'pointer-events-none absolute right-1 h-0.5 rounded-full bg-primary',
            props.drop === 'before' ? '-top-px' : '-bottom-px',
            "before:absolute before:-top-[3px] before:-left-1 before:size-2 before:rounded-full before:border-2 before:border-primary before:bg-white before:content-[''] dark:before:bg-zinc-900",
          )}
          style={{ left: indent + 8 }}
        />
      ) : null}
      <span className="shrink-0" style={{ width: indent }} />
      {row.hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          onClick={() => props.actions.toggle(row)}
          className="grid size-7 shrink-0 place-items-center rounded-md text-zinc-600 hover:bg-zinc-200 dark:text-zinc-400 dark:hover:bg-zinc-700"
        >
          <ChevronRight
            size={16}
            className={cn(
              'transition-transform motion-reduce:transition-none',
              row.expanded && 'rotate-90',
            )}
          />
        </button>
      ) : (
        <span className="size-7 shrink-0" />
      )}
      <GroupGlyph
        icon={node.icon}
        color={node.color}
        defaultIcon={props.settings.defaultIcon}
        defaultColor={props.settings.defaultColor}
        size={18}
        variant="tile"
      />
      <Link
        id={nameId}
        to="/dashboard/groups/$id/"
        params={{ id: node.id }}
        tabIndex={-1}
        draggable={false}
        className="min-w-0 flex-1 truncate py-2 text-sm font-medium hover:underline"
      >
        <HighlightedName name={node.name} query={props.query} />
      </Link>
      {badge}
      {showCounts ? (
        <>
          {/* The short visible form joins the name (what is seen is what is heard); the sentence describes it. */}
          <span
            id={shortCountsId}
            aria-hidden
            className="flex shrink-0 items-center gap-1 text-xs tabular-nums text-zinc-600 dark:text-zinc-400"
          >
            {/* Leading spaces keep the words apart when the row's text is read as one string. */}
            <span title={t('groups.tree.directTitle')}>
              {' '}
              {plural({ one: 'groups.tree.short.one', other: 'groups.tree.short.other' }, direct)}
            </span>
            {row.totalCount !== direct ? (
              <span title={t('groups.tree.totalTitle')}>
                {' · '}
                {t('groups.tree.short.total', { count: formatNumber(row.totalCount) })}
              </span>
            ) : null}
          </span>
          <span id={countsId} className="sr-only">
            {plural({ one: 'groups.tree.count.one', other: 'groups.tree.count.other' }, direct)}
            {row.totalCount !== direct
              ? ` ${plural(
                  { one: 'groups.tree.total.one', other: 'groups.tree.total.other' },
                  row.totalCount,
                )}`
              : ''}
          </span>
        </>
      ) : null}
      {props.tabbable || props.menuOpen ? (
        <GroupRowMenu
          node={node}
          label={menuLabel}
          open={props.menuOpen}
          canNest={props.canNest}
          onOpenChange={(open) => props.actions.menuOpenChange(row, open)}
          onMove={() => props.actions.move(row)}
          onDelete={() => props.actions.remove(row)}
        />
      ) : (
        // Only the focused row mounts the real menu: 1,000 rows stay light.
        <Button
          variant="ghost"
          size="icon"
          tabIndex={-1}
          aria-label={menuLabel}
          aria-haspopup="menu"
          className="size-8 shrink-0"
          onClick={() => props.actions.openMenu(row)}
        >
          <MoreHorizontal aria-hidden size={16} />
        </Button>
      )}
    </div>
  )
}, sameRow)
