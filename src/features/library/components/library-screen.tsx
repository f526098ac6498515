import { useQuery } from '@tanstack/react-query'
import { FolderCog, Pencil, Plus } from 'lucide-react'
import { useCallback, useId, useMemo, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog'
import { Select } from '~/components/ui/field'
import { useIconSprite } from '~/components/ui/icon-sprite'
import { useGroupIconDefaults } from '~/features/groups/components/group-icon'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { flattenVisible } from '~/features/groups/tree'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { usePainted } from '~/lib/use-painted'
import { useLibraryView } from '../library.queries'
import type { GroupChipInfo } from '../library.schemas'
import type { LibraryFilter } from '../route.schemas'
import { AddAnimeSection } from './add-anime-section'
import { BulkBar } from './bulk-bar'
import { EntryList } from './entry-list'
import { type EntrySort, pruneSelection, rowFromLibraryEntry } from './entry-list-model'
import type { RowActionsProps } from './entry-list-row'
import { PasteChannels } from './paste-channels'
import { RowLink } from './row-link'

const ROW_ACTION_ICONS = { edit: Pencil, groups: FolderCog }

/** Library rows dropped on a group are added to it. */
const DRAG_TO_GROUPS = { fromGroupId: null }

const rowActionClass =
  'grid size-8 place-items-center rounded-lg text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'

/** The filter lives in the route's search, so a link can open it filtered. */
export function LibraryScreen(props: {
  kind: 'channel' | 'anime'
  filter: LibraryFilter
  onFilterChange: (filter: LibraryFilter) => void
}) {
  const { kind, filter, onFilterChange: setFilter } = props
  const { t } = useI18n()
  const plural = usePlural()
  const filterId = useId()
  // The loader brought the first screen; the whole library and the tree load once it is on screen.
  const painted = usePainted()
  const library = useLibraryView(kind, painted)
  const tree = useQuery({ ...groupTreeQuery(), enabled: painted })
  const [sort, setSort] = useState<EntrySort>('name')
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set())
  const [adding, setAdding] = useState(false)

  const allRows = useMemo(() => library.entries.map(rowFromLibraryEntry), [library.entries])
  const total = library.total ?? 0
  // Only the whole library can say how many entries sit in no group.
  const ungroupedCount = useMemo(
    () => (library.complete ? allRows.filter((row) => row.groupIds.length === 0).length : 0),
    [allRows, library.complete],
  )
  // The user's default icon and colour are applied here once, not asked for by every chip.
  const defaults = useGroupIconDefaults()
  const groups = useMemo(() => {
    const map = new Map<string, GroupChipInfo>()
    for (const group of [...library.chips, ...(tree.data?.groups ?? [])]) {
      map.set(group.id, {
        id: group.id,
        name: group.name,
        icon: group.icon ?? defaults.icon,
        color: group.color ?? defaults.color,
      })
    }
    return map
  }, [tree.data, library.chips, defaults.icon, defaults.color])
  const groupOptions = useMemo(() => {
    const nodes = tree.data?.groups ?? []
    const everyId = new Set(nodes.map((node) => node.id))
    return flattenVisible(nodes, everyId).map((row) => ({
      id: row.node.id,
      label: `${'\u2002'.repeat(row.depth - 1)}${row.node.name}`,
    }))
  }, [tree.data])

  const rows = useMemo(() => {
    if (filter === 'all') return allRows
    if (filter === 'ungrouped') return allRows.filter((row) => row.groupIds.length === 0)
    const groupId = filter.slice('group:'.length)
    return allRows.filter((row) => row.groupIds.includes(groupId))
  }, [allRows, filter])

  // Entries removed elsewhere (or optimistically) leave the selection too.
  const existing = useMemo(() => new Set(allRows.map((row) => row.id)), [allRows])
  const selected = pruneSelection(selection, existing)

  const isChannel = kind === 'channel'
  const editPath = isChannel ? '/dashboard/channels/edit/$id/' : '/dashboard/animes/edit/$id/'
  const groupsPath = isChannel
    ? '/dashboard/channels/change-group/$id/'
    : '/dashboard/animes/change-group/$id/'
  const { sprite, icon } = useIconSprite(ROW_ACTION_ICONS)
  const rowActions = useCallback(
    ({ row, tabIndex }: RowActionsProps) => (
      <>
        <RowLink
          to={editPath}
          id={row.id}
          tabIndex={tabIndex}
          aria-label={t('library.row.edit', { title: row.title })}
          title={t('library.row.editShort')}
          className={rowActionClass}
        >
          {icon('edit')}
        </RowLink>
        <RowLink
          to={groupsPath}
          id={row.id}
          tabIndex={tabIndex}
          aria-label={t('library.row.changeGroups', { title: row.title })}
          title={t('library.row.changeGroupsShort')}
          className={rowActionClass}
        >
          {icon('groups')}
        </RowLink>
      </>
    ),
    [t, editPath, groupsPath, icon],
  )

  const filterControl = (
    <div className="grid gap-1.5">
      <label htmlFor={filterId} className="text-sm font-medium">
        {t('library.filter.label')}
      </label>
      <Select
        id={filterId}
        value={filter}
        disabled={!library.complete}
        onChange={(event) => {
          const value = event.target.value
          if (value === 'all' || value === 'ungrouped') setFilter(value)
          else setFilter(`group:${value.slice('group:'.length)}`)
        }}
        className="w-auto max-w-64 min-w-40"
      >
        <option value="all">{t('library.filter.all')}</option>
        <option value="ungrouped">{t('library.filter.ungrouped')}</option>
        {library.complete && groupOptions.length > 0 ? (
          <optgroup label={t('library.filter.inGroup')}>
            {groupOptions.map((option) => (
              <option key={option.id} value={`group:${option.id}`}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
    </div>
  )

  const title = t(isChannel ? 'library.channels.title' : 'library.animes.title')
  const addLabel = t(isChannel ? 'library.channels.add' : 'library.animes.add')
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {total > 0 ? (
            <p className="text-zinc-700 dark:text-zinc-300">
              {plural(
                isChannel
                  ? { one: 'library.channels.count.one', other: 'library.channels.count.other' }
                  : { one: 'library.animes.count.one', other: 'library.animes.count.other' },
                total,
              )}
              {ungroupedCount > 0
                ? ` · ${plural(
                    { one: 'library.ungroupedCount.one', other: 'library.ungroupedCount.other' },
                    ungroupedCount,
                  )}`
                : null}
            </p>
          ) : null}
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden size={16} />
          {addLabel}
        </Button>
      </header>

      {sprite}
      <EntryList
        rows={rows}
        kind={kind}
        label={title}
        sort={sort}
        sorts={isChannel ? ['name', 'added', 'subscribers'] : ['name', 'added']}
        onSortChange={setSort}
        selected={selected}
        onSelectedChange={setSelection}
        groups={groups}
        dragToGroups={DRAG_TO_GROUPS}
        toolbar={filterControl}
        rowActions={rowActions}
        partial={
          library.complete ? undefined : { total, failed: library.failed, onRetry: library.retry }
        }
        empty={
          allRows.length === 0 ? (
            <EmptyLibrary kind={kind} onAdd={() => setAdding(true)} />
          ) : (
            <div className="grid gap-4">
              <div className="flex flex-wrap items-end gap-3">{filterControl}</div>
              <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
                {filter === 'ungrouped'
                  ? t('library.filter.noneUngrouped')
                  : t('library.filter.noneInGroup')}
              </p>
            </div>
          )
        }
      />

      <BulkBar
        screen={{ type: 'library', kind }}
        selectedIds={selected}
        onClear={() => setSelection(new Set())}
      />

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
          <DialogTitle className="text-lg font-semibold">{addLabel}</DialogTitle>
          <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
            {t(isChannel ? 'library.channels.addDescription' : 'library.animes.addDescription')}
          </DialogDescription>
          {isChannel ? (
            <PasteChannels groupId={null} groupName={null} onAdded={() => setAdding(false)} />
          ) : (
            <AddAnimeSection groupId={null} groupName={null} onAdded={() => setAdding(false)} />
          )}
        </DialogContent>
      </Dialog>
    </div>
  )
}

function EmptyLibrary(props: { kind: 'channel' | 'anime'; onAdd: () => void }) {
  const { t } = useI18n()
  const isChannel = props.kind === 'channel'
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-zinc-300 p-10 text-center dark:border-zinc-700">
      <h2 className="text-lg font-semibold">
        {t(isChannel ? 'library.channels.emptyTitle' : 'library.animes.emptyTitle')}
      </h2>
      <p className="max-w-md text-sm text-zinc-700 dark:text-zinc-300">
        {t(isChannel ? 'library.channels.emptyBody' : 'library.animes.emptyBody')}
      </p>
      <Button onClick={props.onAdd}>
        <Plus aria-hidden size={16} />
        {t(isChannel ? 'library.channels.add' : 'library.animes.add')}
      </Button>
    </div>
  )
}
