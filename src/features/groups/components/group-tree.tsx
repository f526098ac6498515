import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual'
import {
  ChevronRight,
  ChevronsDownUp,
  ChevronsUpDown,
  FolderOpen,
  FolderPlus,
  FolderTree,
  MoreHorizontal,
  MoveRight,
  Pencil,
  Plus,
  Trash2,
  Upload,
} from 'lucide-react'
import {
  type DragEvent,
  type KeyboardEvent,
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { toast } from 'sonner'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { feedBadgesQuery } from '~/features/feed/feed.queries'
import type { FeedBadge } from '~/features/feed/feed.schemas'
import { ExportMenu } from '~/features/transfer/components/export-menu'
import { AppError } from '~/lib/app-error'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { groupTreeQuery, useFoldGroup, useFoldGroups, useMoveGroup } from '../groups.queries'
import type { GroupNode, GroupSettingsDto } from '../groups.schemas'
import {
  buildTreeIndex,
  canMove,
  expandedIdsOf,
  type FlatRow,
  filterTreeWithAncestors,
  flattenVisible,
  type MoveCheck,
  matchesQuery,
  searchKey,
  type TreeIndex,
} from '../tree'
import {
  type DropPosition,
  dropMoveTarget,
  dropPositionAt,
  type KeyboardMove,
  keyboardMoveTarget,
  type MoveTarget,
  movePlacement,
  typeaheadIndex,
} from '../tree-view-model'
import { DeleteGroupDialog } from './delete-group-dialog'
import { GroupGlyph } from './group-icon'
import { GroupSearchBox, HighlightedName } from './group-search-box'
import { preloadIcons } from './lucide-icons'
import { MoveGroupDialog } from './move-group-dialog'

type Row = FlatRow<GroupNode>
type DialogState = { kind: 'move' | 'delete'; id: string; snapshot: GroupNode } | null
type DropState = { id: string; position: DropPosition } | null

const ROW_HEIGHT = 44
const INDENT = 20
const DRAG_TYPE = 'application/x-tubefold-group'

function rowDomId(prefix: string, id: string) {
  return `${prefix}-${id}`
}

/**
 * `/dashboard/groups/`: the whole tree, virtualised, as an ARIA treeview.
 * Arrow keys browse, Alt+arrows move the focused group, rows drag and drop
 * (before / inside / after), and every change shows at once.
 */
export function GroupTreeScreen() {
  const { t } = useI18n()
  const { data: tree } = useSuspenseQuery(groupTreeQuery())
  const nodes = tree.groups

  useEffect(() => {
    void preloadIcons([tree.settings.defaultIcon, ...nodes.map((node) => node.icon)])
  }, [nodes, tree.settings.defaultIcon])

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('groups.tree.title')}</h1>
          <p className="text-zinc-700 dark:text-zinc-300">{t('groups.tree.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/import/" className={buttonClassName('secondary', 'md')}>
            <Upload aria-hidden size={16} />
            {t('transfer.import.link')}
          </Link>
          <ExportMenu groupId={null} />
          {nodes.length > 0 ? (
            <Link to="/dashboard/groups/new/" className={buttonClassName('primary', 'md')}>
              <Plus aria-hidden size={16} />
              {t('groups.tree.new')}
            </Link>
          ) : null}
        </div>
      </header>
      {nodes.length === 0 ? (
        <EmptyTree />
      ) : (
        <GroupTreeView nodes={nodes} settings={tree.settings} maxDepth={tree.maxDepth} />
      )}
    </div>
  )
}

function EmptyTree() {
  const { t } = useI18n()
  return (
    <section
      aria-labelledby="groups-empty-title"
      className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700"
    >
      <FolderTree aria-hidden size={40} className="text-primary" />
      <h2 id="groups-empty-title" className="text-xl font-semibold">
        {t('groups.empty.title')}
      </h2>
      <p className="max-w-md text-zinc-700 dark:text-zinc-300">{t('groups.empty.body')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/dashboard/groups/new/" className={buttonClassName('primary', 'md')}>
          <FolderPlus aria-hidden size={16} />
          {t('groups.empty.create')}
        </Link>
        <Link to="/dashboard/import/" className={buttonClassName('secondary', 'md')}>
          <Upload aria-hidden size={16} />
          {t('transfer.import.overview')}
        </Link>
      </div>
    </section>
  )
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

function GroupTreeView(props: {
  nodes: readonly GroupNode[]
  settings: GroupSettingsDto
  maxDepth: number
}) {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const fold = useFoldGroup()
  const foldAll = useFoldGroups()
  const move = useMoveGroup()
  // Badges come in their own query: the tree never waits for them.
  const badges = useQuery(feedBadgesQuery()).data
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

  /* Roving focus: one row is the tree's tab stop. */
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

  /* Virtualisation against the window's scroll, so the tree scrolls with the page. */
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const element = listRef.current
    if (!element) return
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  // Kept while the rows are: a new key function rebuilds every row's measurement.
  const itemKey = useCallback((at: number) => rows[at]?.node.id ?? at, [rows])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    initialRect: { width: 1024, height: 900 },
    getItemKey: itemKey,
    // The focused row stays rendered while scrolled away: focus is never lost.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range)
      if (indexes.includes(activeIndex) || activeIndex >= rows.length) return indexes
      return [...indexes, activeIndex].sort((a, b) => a - b)
    },
  })

  /* After keyboard navigation or a move, bring the focused row into view and focus it. */
  const followFocus = useRef(false)
  const treeRef = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (!followFocus.current || !activeId) return
    const at = rowIndexById.get(activeId)
    if (at === undefined) return
    virtualizer.scrollToIndex(at, { align: 'auto' })
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

  const setExpanded = (row: Row, expanded: boolean) => {
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

  const refusal = (check: MoveCheck) =>
    check === 'cycle'
      ? errorText(new AppError('GROUP_CYCLE'))
      : errorText(new AppError('GROUP_DEPTH_LIMIT', { max: props.maxDepth }))

  const announceMove = (node: GroupNode, target: MoveTarget) => {
    const { position, size } = movePlacement(index, node.id, target)
    const parent = target.parentId ? index.byId.get(target.parentId) : null
    setAnnouncement(
      parent
        ? t('groups.tree.movedInto', {
            name: node.name,
            parent: parent.name,
            position: formatNumber(position),
            size: formatNumber(size),
          })
        : t('groups.tree.movedTop', {
            name: node.name,
            position: formatNumber(position),
            size: formatNumber(size),
          }),
    )
  }

  /** Sends a move (optimistic), opening the new parent so the group stays in sight. */
  const applyMove = (node: GroupNode, target: MoveTarget) => {
    const check = canMove(index, node.id, target.parentId, props.maxDepth)
    if (check !== 'ok') {
      toast.error(refusal(check))
      return
    }
    announceMove(node, target)
    move.mutate({ id: node.id, version: node.version, ...target })
    const parent = target.parentId ? index.byId.get(target.parentId) : null
    if (parent && !parent.expanded) fold.mutate({ id: parent.id, expanded: true })
  }

  const keyboardMove = (row: Row, direction: KeyboardMove) => {
    if (searching) {
      setAnnouncement(t('groups.tree.clearSearchToMove'))
      toast.info(t('groups.tree.clearSearchToMove'))
      return
    }
    const target = keyboardMoveTarget(index, row.node.id, direction)
    if (!target) return
    followFocus.current = true
    applyMove(row.node, target)
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
      activeIndex,
      typed.current.text,
    )
    if (found >= 0) focusRow(found)
  }

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: Row) => {
    if (event.target !== event.currentTarget) return
    const at = rowIndexById.get(row.node.id) ?? 0
    if (event.altKey) {
      const moves: Record<string, KeyboardMove> = {
        ArrowUp: 'up',
        ArrowDown: 'down',
        ArrowRight: 'indent',
        ArrowLeft: 'outdent',
      }
      const direction = moves[event.key]
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
        setDialog({ kind: 'delete', id: row.node.id, snapshot: row.node })
        break
      case 'ContextMenu':
        setMenuOpenId(row.node.id)
        break
      case 'F10':
        if (!event.shiftKey) return
        setMenuOpenId(row.node.id)
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

  /* Drag and drop (mouse): before / inside / after a row, refused with a reason. */
  const dragId = useRef<string | null>(null)
  const lastRefusal = useRef<MoveCheck | null>(null)
  const dropped = useRef(false)
  const [drop, setDrop] = useState<DropState>(null)
  const [draggingId, setDraggingId] = useState<string | null>(null)

  const dropAt = (event: DragEvent<HTMLDivElement>, row: Row) => {
    const id = dragId.current
    if (!id) return null
    const rect = event.currentTarget.getBoundingClientRect()
    const position = dropPositionAt(event.clientY - rect.top, rect.height)
    const target = dropMoveTarget(
      index,
      id,
      { id: row.node.id, expanded: row.expanded, hasChildren: row.hasChildren },
      position,
    )
    return {
      position,
      target,
      check: target ? canMove(index, id, target.parentId, props.maxDepth) : null,
    }
  }

  const onDragStart = (event: DragEvent<HTMLDivElement>, row: Row) => {
    if (searching) {
      event.preventDefault()
      return
    }
    dragId.current = row.node.id
    dropped.current = false
    lastRefusal.current = null
    event.dataTransfer.effectAllowed = 'move'
    event.dataTransfer.setData(DRAG_TYPE, row.node.id)
    event.dataTransfer.setData('text/plain', row.node.name)
    setDraggingId(row.node.id)
  }

  const onDragOver = (event: DragEvent<HTMLDivElement>, row: Row) => {
    const result = dropAt(event, row)
    if (!result) return
    if (!result.target) {
      lastRefusal.current = null
      if (drop) setDrop(null)
      return
    }
    if (result.check !== 'ok') {
      // Not calling preventDefault refuses the drop: the pointer shows "not allowed".
      lastRefusal.current = result.check
      if (drop) setDrop(null)
      return
    }
    lastRefusal.current = null
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    if (drop?.id !== row.node.id || drop.position !== result.position)
      setDrop({ id: row.node.id, position: result.position })
  }

  const onDrop = (event: DragEvent<HTMLDivElement>, row: Row) => {
    const result = dropAt(event, row)
    const node = dragId.current ? index.byId.get(dragId.current) : undefined
    setDrop(null)
    if (!result?.target || !node) return
    event.preventDefault()
    dropped.current = true
    applyMove(node, result.target)
    followFocus.current = true
    setFocusedId(node.id)
  }

  const onDragEnd = () => {
    if (!dropped.current && lastRefusal.current) toast.error(refusal(lastRefusal.current))
    dragId.current = null
    lastRefusal.current = null
    setDrop(null)
    setDraggingId(null)
  }

  const dialogNode = dialog ? (index.byId.get(dialog.id) ?? dialog.snapshot) : null

  // Rows are memoised: they get one stable object whose methods call this render's handlers.
  const handlers = {
    menuOpenChange: (row: Row, open: boolean) => setMenuOpenId(open ? row.node.id : null),
    openMenu: (row: Row) => {
      setFocusedId(row.node.id)
      setMenuOpenId(row.node.id)
    },
    focus: (row: Row) => setFocusedId(row.node.id),
    keyDown: onRowKeyDown,
    toggle: (row: Row) => setExpanded(row, !row.expanded),
    dragStart: onDragStart,
    dragOver: onDragOver,
    drop: onDrop,
    dragEnd: onDragEnd,
    move: (row: Row) => setDialog({ kind: 'move', id: row.node.id, snapshot: row.node }),
    remove: (row: Row) => setDialog({ kind: 'delete', id: row.node.id, snapshot: row.node }),
  }
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers
  const rowActions = useMemo<RowActions>(
    () => ({
      menuOpenChange: (row, open) => handlersRef.current.menuOpenChange(row, open),
      openMenu: (row) => handlersRef.current.openMenu(row),
      focus: (row) => handlersRef.current.focus(row),
      keyDown: (event, row) => handlersRef.current.keyDown(event, row),
      toggle: (row) => handlersRef.current.toggle(row),
      dragStart: (event, row) => handlersRef.current.dragStart(event, row),
      dragOver: (event, row) => handlersRef.current.dragOver(event, row),
      drop: (event, row) => handlersRef.current.drop(event, row),
      dragEnd: () => handlersRef.current.dragEnd(),
      move: (row) => handlersRef.current.move(row),
      remove: (row) => handlersRef.current.remove(row),
    }),
    [],
  )

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <GroupSearchBox
          label={t('groups.tree.search')}
          value={query}
          onChange={setQuery}
          className="min-w-56 flex-1"
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && rows.length > 0) {
              event.preventDefault()
              focusRow(0)
            }
          }}
        />
        <Button variant="secondary" onClick={() => setAllExpanded(true)} disabled={searching}>
          <ChevronsUpDown aria-hidden size={16} />
          {t('groups.tree.expandAll')}
        </Button>
        <Button variant="secondary" onClick={() => setAllExpanded(false)} disabled={searching}>
          <ChevronsDownUp aria-hidden size={16} />
          {t('groups.tree.collapseAll')}
        </Button>
      </div>

      <p aria-live="polite" className={cn('text-sm', searching ? '' : 'sr-only')}>
        {searching
          ? matchCount > 0
            ? plural(
                { one: 'groups.tree.matches.one', other: 'groups.tree.matches.other' },
                matchCount,
              )
            : ''
          : ''}
      </p>

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
          onDragLeave={(event) => {
            // relatedTarget is often null during a drag: judge by where the pointer is.
            const rect = event.currentTarget.getBoundingClientRect()
            const { clientX: x, clientY: y } = event
            if (x <= rect.left || x >= rect.right || y <= rect.top || y >= rect.bottom) {
              setDrop(null)
              lastRefusal.current = null
            }
          }}
          className="rounded-2xl border border-zinc-200 p-1 dark:border-zinc-800"
        >
          <div
            ref={listRef}
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]
              if (!row) return null
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="absolute top-0 left-0 w-full"
                  style={{
                    transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                  }}
                >
                  <TreeRow
                    domId={rowDomId(domPrefix, row.node.id)}
                    row={row}
                    tabbable={row.node.id === activeId}
                    position={positions.get(row.node.id)?.position ?? 1}
                    setSize={positions.get(row.node.id)?.size ?? 1}
                    settings={props.settings}
                    query={searching ? deferredQuery : ''}
                    canNest={row.depth < props.maxDepth}
                    dragging={draggingId === row.node.id}
                    drop={drop?.id === row.node.id ? drop.position : null}
                    draggable={!searching}
                    menuOpen={menuOpenId === row.node.id}
                    badge={badges?.[row.node.id] ?? NO_BADGE}
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

      {dialog && dialogNode ? (
        dialog.kind === 'move' ? (
          <MoveGroupDialog
            group={dialogNode}
            open
            onOpenChange={(open) => (open ? null : setDialog(null))}
            onMoved={(parentId) => {
              const parent = parentId ? index.byId.get(parentId) : null
              if (parent && !parent.expanded) fold.mutate({ id: parent.id, expanded: true })
            }}
          />
        ) : (
          <DeleteGroupDialog
            group={dialogNode}
            open
            onOpenChange={(open) => (open ? null : setDialog(null))}
          />
        )
      ) : null}
    </div>
  )
}

type RowActions = {
  menuOpenChange: (row: Row, open: boolean) => void
  openMenu: (row: Row) => void
  focus: (row: Row) => void
  keyDown: (event: KeyboardEvent<HTMLDivElement>, row: Row) => void
  toggle: (row: Row) => void
  dragStart: (event: DragEvent<HTMLDivElement>, row: Row) => void
  dragOver: (event: DragEvent<HTMLDivElement>, row: Row) => void
  drop: (event: DragEvent<HTMLDivElement>, row: Row) => void
  dragEnd: () => void
  move: (row: Row) => void
  remove: (row: Row) => void
}

type TreeRowProps = {
  domId: string
  row: Row
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
  badge: FeedBadge
  actions: RowActions
}

const NO_BADGE: FeedBadge = { videos: 0, episodes: 0 }

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
    'actions',
  ]
  if (keys.some((key) => a[key] !== b[key])) return false
  if (a.badge.videos !== b.badge.videos || a.badge.episodes !== b.badge.episodes) return false
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

const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  const { row } = props
  const { node } = row
  const nameId = `${props.domId}-name`
  const countsId = `${props.domId}-counts`
  const shortCountsId = `${props.domId}-short-counts`
  const badgeId = `${props.domId}-new`
  const hasBadge = props.badge.videos > 0 || props.badge.episodes > 0
  const direct = node.channelCount + node.animeCount
  const indent = (row.depth - 1) * INDENT
  const showCounts = props.settings.showCounts
  // What is seen is what is heard: the badge's number joins the name, its sentence the description.
  const labelledBy = [
    nameId,
    hasBadge ? `${badgeId}-short` : null,
    showCounts ? shortCountsId : null,
  ]
    .filter(Boolean)
    .join(' ')
  const describedBy = [showCounts ? countsId : null, hasBadge ? badgeId : null]
    .filter(Boolean)
    .join(' ')
  const menuLabel = t('groups.tree.actions', { name: node.name })
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
      draggable={props.draggable}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.actions.focus(row)
      }}
      onKeyDown={(event) => props.actions.keyDown(event, row)}
      onDragStart={(event) => props.actions.dragStart(event, row)}
      onDragOver={(event) => props.actions.dragOver(event, row)}
      onDrop={(event) => props.actions.drop(event, row)}
      onDragEnd={() => props.actions.dragEnd()}
      onClick={(event) => {
        // A click anywhere but the row's link and buttons makes it the focused row.
        if (event.target instanceof Element && event.target.closest('a, button')) return
        event.currentTarget.focus()
      }}
      className={cn(
        'relative flex w-full items-center gap-2 rounded-lg pr-1 outline-none',
        'hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset dark:hover:bg-zinc-800/60',
        props.dragging && 'opacity-50',
        props.drop === 'inside' &&
          'bg-primary-soft ring-2 ring-primary ring-inset dark:bg-zinc-800',
      )}
      style={{ minHeight: ROW_HEIGHT }}
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
      {hasBadge ? <NewBadge id={badgeId} badge={props.badge} /> : null}
      {showCounts ? (
        <>
          {/* The short visible form joins the name (what is seen is what is heard); the sentence describes it. */}
          <span
            id={shortCountsId}
            aria-hidden
            className="flex shrink-0 items-center gap-1 text-xs tabular-nums text-zinc-600 dark:text-zinc-400"
          >
            {/* Leading spaces keep the words apart when the row's text is read as one string. */}
            <span title={t('groups.tree.directTitle')}> {formatNumber(direct)}</span>
            {row.totalCount !== direct ? (
              <span title={t('groups.tree.totalTitle')}> ({formatNumber(row.totalCount)})</span>
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
        <RowMenu
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

function RowMenu(props: {
  node: GroupNode
  label: string
  open: boolean
  canNest: boolean
  onOpenChange: (open: boolean) => void
  onMove: () => void
  onDelete: () => void
}) {
  const { t } = useI18n()
  const navigate = useNavigate()
  return (
    // Not modal: a row's menu need not hide the rest of the page from assistive technology.
    <DropdownMenu modal={false} open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={props.label} className="size-8 shrink-0">
          <MoreHorizontal aria-hidden size={16} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem
          onSelect={() => navigate({ to: '/dashboard/groups/$id/', params: { id: props.node.id } })}
        >
          <FolderOpen aria-hidden size={16} />
          {t('groups.menu.open')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!props.canNest}
          onSelect={() =>
            navigate({ to: '/dashboard/groups/new/', search: { parentId: props.node.id } })
          }
        >
          <FolderPlus aria-hidden size={16} />
          {t('groups.menu.addSubgroup')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            navigate({ to: '/dashboard/groups/$id/edit/', params: { id: props.node.id } })
          }
        >
          <Pencil aria-hidden size={16} />
          {t('groups.menu.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onMove}>
          <MoveRight aria-hidden size={16} />
          {t('groups.menu.move')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={props.onDelete} className="text-red-700 dark:text-red-400">
          <Trash2 aria-hidden size={16} />
          {t('groups.menu.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** A small pill with the total; the sentence ("3 new videos, 1 new episode") describes the row. */
function NewBadge(props: { id: string; badge: FeedBadge }) {
  const { formatNumber } = useI18n()
  const plural = usePlural()
  const parts = [
    props.badge.videos > 0
      ? plural(
          { one: 'feed.badge.videos.one', other: 'feed.badge.videos.other' },
          props.badge.videos,
        )
      : null,
    props.badge.episodes > 0
      ? plural(
          { one: 'feed.badge.episodes.one', other: 'feed.badge.episodes.other' },
          props.badge.episodes,
        )
      : null,
  ].filter((part) => part !== null)
  const sentence = parts.join(', ')
  return (
    <span
      title={sentence}
      data-new-badge
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold tabular-nums text-white dark:bg-blue-300 dark:text-blue-950"
    >
      <span id={`${props.id}-short`} aria-hidden>
        {' '}
        {formatNumber(props.badge.videos + props.badge.episodes)}
      </span>
      <span id={props.id} className="sr-only">
        {sentence}
      </span>
    </span>
  )
}
