import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { ChevronRight } from 'lucide-react'
import { type KeyboardEvent, useDeferredValue, useId, useMemo, useRef, useState } from 'react'
import { useVirtualRows } from '~/components/ui/use-virtual-rows'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { groupTreeQuery, sharedTreeQuery } from '../groups.queries'
import type { GroupNode } from '../groups.schemas'
import {
  ancestorChain,
  buildTreeIndex,
  expandedIdsOf,
  filterTreeWithAncestors,
  flattenVisible,
  searchKey,
} from '../tree'
import { GroupIcon } from './group-icon'
import { GroupSearchBox, HighlightedName } from './group-search-box'

type CommonProps = {
  /** Accessible name of the choice (the fieldset's legend, visually hidden). */
  label: string
  /** Omitted: the signed-in user's whole tree from `groupTreeQuery()` (suspends; have a route loader ensure it). */
  nodes?: readonly GroupNode[]
  /** Groups shown but not choosable (e.g. the group itself, or targets too deep). */
  disabledIds?: ReadonlySet<string> | readonly string[]
  height?: number
}

export type GroupPickerProps = CommonProps &
  (
    | {
        mode: 'single'
        value: string | null
        onChange: (id: string | null) => void
        /** Label of an extra first choice meaning "no parent" (value null); omitted = no such choice. */
        topLevelLabel?: string
      }
    | {
        mode: 'multi'
        value: readonly string[]
        onChange: (ids: string[]) => void
      }
  )

const ROW_HEIGHT = 36

export type PickerTree = {
  groups: readonly GroupNode[]
  /** Whether "no parent" is a place to move a group to: only in the owner's tree. */
  topLevel: boolean
  /** The shared group a member's choice is confined to (null for the owner). */
  root: GroupNode | null
  maxDepth: number
}

/**
 * `sharedFrom` null: the reader's own tree. A group id: all of its tree for its owner, only the shared
 * subtree for a member (no "Top level"). Undefined while loading.
 */
export function usePickerTree(sharedFrom: string | null): {
  tree: PickerTree | undefined
  isError: boolean
} {
  const own = useQuery({ ...groupTreeQuery(), enabled: sharedFrom === null })
  const shared = useQuery({ ...sharedTreeQuery(sharedFrom ?? ''), enabled: sharedFrom !== null })
  const tree = useMemo((): PickerTree | undefined => {
    if (sharedFrom === null) {
      const data = own.data
      return data && { groups: data.groups, topLevel: true, root: null, maxDepth: data.maxDepth }
    }
    if (!shared.data) return undefined
    const { groups, rootId, maxDepth } = shared.data
    return {
      groups,
      topLevel: rootId === null,
      root: rootId === null ? null : (groups.find((node) => node.id === rootId) ?? null),
      maxDepth,
    }
  }, [sharedFrom, own.data, shared.data])
  return { tree, isError: sharedFrom === null ? own.isError : shared.isError }
}

/** Radio group or checkboxes with its own search; virtualised so 1,000 groups stay instant. */
export function GroupPicker(props: GroupPickerProps) {
  if (props.nodes) return <GroupPickerList {...props} nodes={props.nodes} />
  return <GroupPickerFromTree {...props} />
}

function GroupPickerFromTree(props: GroupPickerProps) {
  const { data } = useSuspenseQuery(groupTreeQuery())
  return <GroupPickerList {...props} nodes={data.groups} />
}

function GroupPickerList(props: GroupPickerProps & { nodes: readonly GroupNode[] }) {
  const { t } = useI18n()
  const name = useId()
  const listId = useId()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const searching = searchKey(deferredQuery) !== ''
  const index = useMemo(() => buildTreeIndex(props.nodes), [props.nodes])
  const selected = useMemo(
    () => new Set(props.mode === 'single' ? (props.value ? [props.value] : []) : props.value),
    [props.mode, props.value],
  )
  const disabled = useMemo(() => new Set(props.disabledIds ?? []), [props.disabledIds])

  // Start from the user's remembered fold state, opened along the path to each chosen group.
  const [expanded, setExpanded] = useState<Set<string>>(() => {
    const open = expandedIdsOf(props.nodes)
    for (const id of selected) for (const node of ancestorChain(index, id)) open.add(node.id)
    return open
  })
  const visibleIds = useMemo(
    () => (searching ? filterTreeWithAncestors(index, deferredQuery) : null),
    [index, deferredQuery, searching],
  )
  const rows = useMemo(
    () => flattenVisible(index, expanded, { visibleIds }),
    [index, expanded, visibleIds],
  )
  const topLevelLabel = props.mode === 'single' ? props.topLevelLabel : undefined
  const offset = topLevelLabel ? 1 : 0
  const count = rows.length + offset

  const [focusedIndex, setFocusedIndex] = useState<number | null>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const list = useVirtualRows({ count, rowHeight: ROW_HEIGHT, scrollRef, keepIndex: focusedIndex })

  const toggleExpanded = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const choose = (id: string | null, checked: boolean) => {
    if (props.mode === 'single') {
      props.onChange(id)
      return
    }
    if (id === null) return
    const next = props.value.filter((value) => value !== id)
    props.onChange(checked ? [...next, id] : next)
  }

  // Checkboxes have no arrow-key movement of their own; radios do (native).
  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (props.mode !== 'multi' || focusedIndex === null) return
    const delta = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (delta === 0) return
    event.preventDefault()
    const next = Math.max(0, Math.min(count - 1, focusedIndex + delta))
    list.scrollToIndex(next)
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLInputElement>(`[data-index="${next}"] input`)?.focus()
    })
  }

  const controlClass =
    'size-4 shrink-0 accent-primary disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'

  return (
    <div className="grid gap-2">
      <GroupSearchBox
        label={t('groups.picker.search')}
        value={query}
        onChange={setQuery}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            scrollRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus()
          }
        }}
      />
      {/* Arrow keys between the checkboxes (radios have their own). */}
      <fieldset className="min-w-0" onKeyDown={onListKeyDown}>
        <legend className="sr-only">{props.label}</legend>
        {props.nodes.length === 0 && !topLevelLabel ? (
          <p className="rounded-lg border border-zinc-200 p-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            {t('groups.picker.empty')}
          </p>
        ) : (
          <div
            id={listId}
            ref={scrollRef}
            className="overflow-y-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
            style={{ maxHeight: props.height ?? 320 }}
          >
            <div className="relative w-full" style={{ height: list.totalSize }}>
              {list.rows.map((item) => {
                const row = rows[item.index - offset]
                const isTop = topLevelLabel !== undefined && item.index === 0
                if (!row && !isTop) return null
                const id = row ? row.node.id : null
                const isDisabled = id !== null && disabled.has(id)
                const checked = id === null ? props.value === null : selected.has(id)
                const path =
                  row && row.depth > 1
                    ? ancestorChain(index, row.node.id)
                        .map((node) => node.name)
                        .join(' › ')
                    : ''
                return (
                  <div
                    key={id ?? 'top-level'}
                    data-index={item.index}
                    className="absolute top-0 left-0 flex w-full items-center gap-1 pr-2"
                    style={{
                      height: item.size,
                      transform: `translateY(${item.start}px)`,
                      paddingLeft: row ? 4 + (row.depth - 1) * 16 : 4,
                    }}
                  >
                    {row?.hasChildren && !searching ? (
                      <button
                        type="button"
                        tabIndex={-1}
                        aria-hidden
                        onClick={() => toggleExpanded(row.node.id)}
                        className="grid size-6 shrink-0 place-items-center rounded text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
                      >
                        <ChevronRight
                          size={16}
                          className={cn('transition-transform', row.expanded && 'rotate-90')}
                        />
                      </button>
                    ) : (
                      <span className="size-6 shrink-0" />
                    )}
                    <label
                      className={cn(
                        'flex min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-1 text-sm',
                        isDisabled
                          ? 'cursor-not-allowed text-zinc-500 dark:text-zinc-500'
                          : 'cursor-pointer hover:bg-zinc-100 dark:hover:bg-zinc-800',
                        checked && !isDisabled && 'bg-primary-soft dark:bg-zinc-800',
                      )}
                    >
                      <input
                        type={props.mode === 'single' ? 'radio' : 'checkbox'}
                        name={props.mode === 'single' ? name : undefined}
                        value={id ?? ''}
                        checked={checked}
                        disabled={isDisabled}
                        onChange={(event) => choose(id, event.target.checked)}
                        onFocus={() => setFocusedIndex(item.index)}
                        className={controlClass}
                      />
                      {row ? (
                        <>
                          <GroupIcon icon={row.node.icon} color={row.node.color} size={16} />
                          <span className="truncate">
                            <HighlightedName name={row.node.name} query={deferredQuery} />
                          </span>
                          {path ? (
                            // The leading space keeps "Phones" and "in Tech" apart in the name.
                            <span className="sr-only"> {t('groups.picker.path', { path })}</span>
                          ) : null}
                        </>
                      ) : (
                        <span className="font-medium">{topLevelLabel}</span>
                      )}
                    </label>
                  </div>
                )
              })}
            </div>
            {searching && rows.length === 0 ? (
              <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">
                {t('groups.picker.noMatch', { query: deferredQuery.trim() })}
              </p>
            ) : null}
          </div>
        )}
      </fieldset>
    </div>
  )
}
