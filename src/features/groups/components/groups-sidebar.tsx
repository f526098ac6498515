import { useDroppable } from '@dnd-kit/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { memo, type ReactNode, useId, useMemo } from 'react'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useIdle } from '~/lib/use-idle'
import { acceptsOnGroup, dragDataOf, type GroupTarget } from '../drag-data'
import { groupTreeQuery } from '../groups.queries'
import type { GroupNode, GroupTree } from '../groups.schemas'
import { useSidebarExpansion } from '../sidebar-expansion'
import { buildTreeIndex, childrenOf, type TreeIndex } from '../tree'
import { GroupGlyph } from './group-icon'
import type { RowBadge } from './group-tree-row'

/** Waits for the page's own data first; the tree is asked for once, then cached. */
export const SIDEBAR_IDLE_MS = 2_000

/**
 * Folded by default (open state remembered in this browser). The tree loads once when the browser is idle,
 * never drawn by the server nor suspending the layout; only open branches are drawn.
 */
export function GroupsSidebar(props: {
  userId: string
  rowBadge?: RowBadge
  onNavigate?: () => void
}) {
  const { t } = useI18n()
  const headingId = useId()
  const idle = useIdle(SIDEBAR_IDLE_MS)
  // Already cached (the groups page loaded it): shown at once, whatever `idle` says.
  const { data } = useQuery({ ...groupTreeQuery(), enabled: idle })
  const { expanded, toggle } = useSidebarExpansion(props.userId)
  // Indexed once per answer: every node asks for its children on every draw.
  const index = useMemo(() => (data ? buildTreeIndex(data.groups) : null), [data])
  if (!data || !index || data.groups.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="grid min-h-0 gap-2" data-groups-sidebar>
      <h2
        id={headingId}
        className="px-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
      >
        {t('sidebar.groups')}
      </h2>
      <SidebarBranch
        index={index}
        settings={data.settings}
        parentId={null}
        depth={0}
        expanded={expanded}
        toggle={toggle}
        rowBadge={props.rowBadge}
        onNavigate={props.onNavigate}
      />
    </section>
  )
}

type BranchProps = {
  index: TreeIndex<GroupNode>
  settings: GroupTree['settings']
  parentId: string | null
  depth: number
  expanded: readonly string[]
  toggle: (id: string) => void
  rowBadge: RowBadge | undefined
  onNavigate: (() => void) | undefined
}

/** Memoised: the layout draws again on every navigation, but the props rarely change. */
const SidebarBranch = memo(function SidebarBranch(props: BranchProps) {
  const nodes = childrenOf(props.index, props.parentId)
  return (
    <ul className="grid gap-0.5">
      {nodes.map((node) => {
        const hasChildren = childrenOf(props.index, node.id).length > 0
        const open = hasChildren && props.expanded.includes(node.id)
        return (
          <SidebarGroupNode
            key={node.id}
            node={node}
            depth={props.depth}
            settings={props.settings}
            hasChildren={hasChildren}
            open={open}
            onToggle={props.toggle}
            rowBadge={props.rowBadge}
            onNavigate={props.onNavigate}
          >
            {open ? <SidebarBranch {...props} parentId={node.id} depth={props.depth + 1} /> : null}
          </SidebarGroupNode>
        )
      })}
    </ul>
  )
})

/** The row takes channels and animes dropped on it. */
const SidebarGroupNode = memo(function SidebarGroupNode(props: {
  node: GroupNode
  depth: number
  settings: GroupTree['settings']
  hasChildren: boolean
  open: boolean
  onToggle: (id: string) => void
  rowBadge: RowBadge | undefined
  onNavigate: (() => void) | undefined
  children?: ReactNode
}) {
  const { t } = useI18n()
  const { node } = props
  const ids = useId()
  const nameId = `${ids}-name`
  const badgeIds = { labelId: `${ids}-badge`, descriptionId: `${ids}-new` }
  const badge = props.rowBadge?.(node.id, badgeIds) ?? null
  const dropData: GroupTarget = {
    type: 'group-target',
    place: 'sidebar',
    groupId: node.id,
    name: node.name,
  }
  const target = useDroppable({ id: `sidebar:${node.id}`, data: { drop: dropData } })
  const lit = target.isOver && acceptsOnGroup(dragDataOf(target.active?.data.current))
  return (
    <li data-sidebar-group={node.id}>
      <div
        ref={target.setNodeRef}
        data-drop-over={lit || undefined}
        className={cn(
          'flex items-center gap-0.5 rounded-lg',
          lit && 'bg-primary-soft ring-2 ring-primary ring-inset dark:bg-zinc-800',
        )}
        style={{ paddingInlineStart: `${props.depth * 12}px` }}
      >
        {props.hasChildren ? (
          <button
            type="button"
            aria-expanded={props.open}
            aria-label={t(props.open ? 'sidebar.collapse' : 'sidebar.expand', { name: node.name })}
            onClick={() => props.onToggle(node.id)}
            className="grid size-7 shrink-0 place-items-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            <ChevronRight
              aria-hidden
              size={16}
              className={cn(
                'transition-transform motion-reduce:transition-none',
                props.open && 'rotate-90',
              )}
            />
          </button>
        ) : (
          <span aria-hidden className="size-7 shrink-0" />
        )}
        <Link
          to="/dashboard/groups/$id/"
          params={{ id: node.id }}
          onClick={props.onNavigate}
          aria-labelledby={badge ? `${nameId} ${badgeIds.labelId}` : undefined}
          aria-describedby={badge ? badgeIds.descriptionId : undefined}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          activeProps={{
            className: 'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-white',
            'aria-current': 'page',
          }}
        >
          <GroupGlyph
            icon={node.icon}
            color={node.color}
            defaultIcon={props.settings.defaultIcon}
            defaultColor={props.settings.defaultColor}
            size={16}
          />
          <span id={nameId} className="min-w-0 flex-1 truncate">
            {node.name}
          </span>
          {badge}
        </Link>
      </div>
      {props.children}
    </li>
  )
})
