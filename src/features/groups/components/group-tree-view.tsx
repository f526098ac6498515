import {
  useCallback,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Button } from '~/components/ui/button'
import { useVirtualRows } from '~/components/ui/use-virtual-rows'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useFoldGroup, useFoldGroups } from '../groups.queries'
import type { GroupNode, GroupSettingsDto } from '../groups.schemas'
import {
  buildTreeIndex,
  expandedIdsOf,
  filterTreeWithAncestors,
  flattenVisible,
  matchesQuery,
  searchKey,
  type TreeIndex,
} from '../tree'
import type { MoveTarget } from '../tree-view-model'
import { GroupTreeDialogs } from './group-tree-dialogs'
import {
  GroupTreeRow,
  type RowBadge,
  TREE_ROW_HEIGHT,
  type TreeRowActions,
  type TreeRowData,
} from './group-tree-row'
import { GroupTreeToolbar } from './group-tree-toolbar'
import { useTreeDrag } from './use-tree-drag'
import { useTreeKeyboard } from './use-tree-keyboard'
import { useTreeMoves } from './use-tree-moves'

type DialogState = { kind: 'move' | 'delete'; id: string; snapshot: GroupNode } | null

function rowDomId(prefix: string, id: string) {
  return `${prefix}-${id}`
}

/** Ids of the rows' siblings as shown (a search hides some), for aria-posinset / aria-setsize. */
function siblingPositions(
  index: TreeIndex<GroupNode>,
  visibleIds: ReadonlySet<string> | null,
): Map<string, { position: number; size: number }> {
  const result = new Map<string, { position: number; size: number }>()
  for (const list of index.children.values()) {
    const shown = visibleIds ? list.filter((node) => visibleIds.has(node.id)) : list
    shown.forEach((node, at) => {
      result.set(node.id, { position: at + 1, size: shown.length })
    })
  }
  return result
}

/** Virtualised against the page's scroll, an ARIA treeview with one tab stop. */
export function GroupTreeView(props: {
  nodes: readonly GroupNode[]
  settings: GroupSettingsDto
  maxDepth: number
  rowBadge?: RowBadge
}) {
  const { t } = useI18n()
  const fold = useFoldGroup()
  const foldAll = useFoldGroups()
  const domPrefix = useId()
  const hintId = useId()

  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const searching = searchKey(deferredQuery) !== ''

  const index = useMemo(() => buildTreeIndex(props.nodes), [props.nodes])
  const expandedIds = useMemo(() => expandedIdsOf(props.nodes), [props.nodes])
  const visibleIds = useMemo(
    () => (searching ? filterTreeWithAncestors(index, deferredQuery) : null),
    [index, deferredQuery, searching],
  )
  const rows = useMemo(
    () => flattenVisible(index, expandedIds, { visibleIds }),
    [index, expandedIds, visibleIds],
  )
  const positions = useMemo(() => siblingPositions(index, visibleIds), [index, visibleIds])
  const matchCount = useMemo(
    () =>
      searching ? props.nodes.filter((node) => matchesQuery(node.name, deferredQuery)).length : 0,
    [props.nodes, deferredQuery, searching],
  )
  const rowIndexById = useMemo(() => new Map(rows.map((row, at) => [row.node.id, at])), [rows])

  const [focusedId, setFocusedId] = useState<string | null>(null)
  const activeId = useMemo(() => {
    if (focusedId && rowIndexById.has(focusedId)) return focusedId
    // The focused row was hidden (a parent folded, a search): fall back to its nearest shown ancestor.
    let parentId = focusedId ? (index.byId.get(focusedId)?.parentId ?? null) : null
    while (parentId) {
      if (rowIndexById.has(parentId)) return parentId
      parentId = index.byId.get(parentId)?.parentId ?? null
    }
    return rows[0]?.node.id ?? null
  }, [focusedId, rowIndexById, index, rows])
  const activeIndex = activeId ? (rowIndexById.get(activeId) ?? 0) : 0

  const [announcement, setAnnouncement] = useState('')
  const [menuOpenId, setMenuOpenId] = useState<string | null>(null)
  const [dialog, setDialog] = useState<DialogState>(null)

  // Kept while the rows are: rows are measured, and a new key function re-measures them all.
  const getItemKey = useCallback((at: number) => rows[at]?.node.id ?? at, [rows])
  const listRef = useRef<HTMLDivElement>(null)
  const list = useVirtualRows({
    count: rows.length,
    rowHeight: TREE_ROW_HEIGHT,
    listRef,
    keepIndex: activeIndex,
    getItemKey,
  })

  /* After keyboard navigation or a move, bring the focused row into view and focus it. */
  const followFocus = useRef(false)
  const treeRef = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (!followFocus.current || !activeId) return
    const at = rowIndexById.get(activeId)
    if (at === undefined) return
    list.scrollToIndex(at)
    const element = document.getElementById(rowDomId(domPrefix, activeId))
    if (element && document.activeElement !== element) element.focus({ preventScroll: true })
    if (treeRef.current?.contains(document.activeElement)) followFocus.current = false
  })

  const focusRow = (at: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, at))]
    if (!row) return
    followFocus.current = true
    setFocusedId(row.node.id)
  }

  const setExpanded = (row: TreeRowData, expanded: boolean) => {
    if (!row.hasChildren || searching) return
    fold.mutate({ id: row.node.id, expanded })
  }

  const setAllExpanded = (expanded: boolean) => {
    const ids = props.nodes
      .filter(
        (node) => node.expanded !== expanded && (index.children.get(node.id)?.length ?? 0) > 0,
      )
      .map((node) => node.id)
    if (ids.length > 0) foldAll.mutate({ ids, expanded })
  }

  const moves = useTreeMoves({ index, maxDepth: props.maxDepth, announce: setAnnouncement })
  /** A moved group stays focused, and the tree follows it to its new place. */
  const moveAndFollow = (node: GroupNode, target: MoveTarget) => {
    moves.applyMove(node, target)
    followFocus.current = true
    setFocusedId(node.id)
  }
  const onRowKeyDown = useTreeKeyboard({
    index,
    rows,
    rowIndexById,
    activeIndex,
    searching,
    focusRow,
    setExpanded,
    onMove: moveAndFollow,
    announce: setAnnouncement,
    onDelete: (row) => setDialog({ kind: 'delete', id: row.node.id, snapshot: row.node }),
    onMenu: (row) => setMenuOpenId(row.node.id),
  })
  const drag = useTreeDrag({
    index,
    maxDepth: props.maxDepth,
    rowElement: (id) => document.getElementById(rowDomId(domPrefix, id)),
    refusal: moves.refusal,
    onMove: moveAndFollow,
  })

  // Rows are memoised: they get one stable object whose methods call this render's handlers.
  const handlers: TreeRowActions = {
    menuOpenChange: (row, open) => setMenuOpenId(open ? row.node.id : null),
    openMenu: (row) => {
      setFocusedId(row.node.id)
      setMenuOpenId(row.node.id)
    },
    focus: (row) => setFocusedId(row.node.id),
    keyDown: onRowKeyDown,
    toggle: (row) => setExpanded(row, !row.expanded),
    move: (row) => setDialog({ kind: 'move', id: row.node.id, snapshot: row.node }),
    remove: (row) => setDialog({ kind: 'delete', id: row.node.id, snapshot: row.node }),
  }
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers
  const rowActions = useMemo<TreeRowActions>(
    () => ({
      menuOpenChange: (row, open) => handlersRef.current.menuOpenChange(row, open),
      openMenu: (row) => handlersRef.current.openMenu(row),
      focus: (row) => handlersRef.current.focus(row),
      keyDown: (event, row) => handlersRef.current.keyDown(event, row),
      toggle: (row) => handlersRef.current.toggle(row),
      move: (row) => handlersRef.current.move(row),
      remove: (row) => handlersRef.current.remove(row),
    }),
    [],
  )

  const dialogNode = dialog ? (index.byId.get(dialog.id) ?? dialog.snapshot) : null

  return (
    <div className="grid gap-4">
      <GroupTreeToolbar
        query={query}
        onQueryChange={setQuery}
        onArrowDown={rows.length > 0 ? () => focusRow(0) : null}
        searching={searching}
        matchCount={matchCount}
        onExpandAll={setAllExpanded}
      />

      {searching && rows.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <p className="font-medium">{t('groups.tree.noMatch', { query: deferredQuery.trim() })}</p>
          <Button variant="secondary" onClick={() => setQuery('')}>
            {t('groups.tree.clearSearch')}
          </Button>
        </div>
      ) : (
        <div
          ref={treeRef}
          role="tree"
          aria-label={t('groups.tree.label')}
          aria-describedby={hintId}
          className="rounded-2xl border border-zinc-200 p-1 dark:border-zinc-800"
        >
          <div ref={listRef} className="relative w-full" style={{ height: list.totalSize }}>
            {list.rows.map((item) => {
              const row = rows[item.index]
              if (!row) return null
              return (
                <div
                  key={item.key}
                  ref={list.measureElement}
                  data-index={item.index}
                  className="absolute top-0 left-0 w-full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <GroupTreeRow
                    domId={rowDomId(domPrefix, row.node.id)}
                    row={row}
                    tabbable={row.node.id === activeId}
                    position={positions.get(row.node.id)?.position ?? 1}
                    setSize={positions.get(row.node.id)?.size ?? 1}
                    settings={props.settings}
                    query={searching ? deferredQuery : ''}
                    canNest={row.depth < props.maxDepth}
                    dragging={drag.draggingId === row.node.id}
                    drop={drag.drop?.id === row.node.id ? drag.drop.position : null}
                    draggable={!searching}
                    menuOpen={menuOpenId === row.node.id}
                    rowBadge={props.rowBadge}
                    actions={rowActions}
                  />
                </div>
              )
            })}
          </div>
        </div>
      )}
      <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('groups.tree.keyboardHint')}
      </p>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>

      <GroupTreeDialogs
        dialog={dialog && dialogNode ? { kind: dialog.kind, group: dialogNode } : null}
        onClose={() => setDialog(null)}
        onMoved={moves.openParent}
      />
    </div>
  )
}
