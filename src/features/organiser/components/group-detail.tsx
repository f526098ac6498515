import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ChevronRight, FolderInput, FolderPlus, Pencil, Plus, Trash2, Upload } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useMemo, useState } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import {
  activityQuery,
  groupDetailQuery,
  groupSettingsQuery,
  useReorderItem,
} from '../groups.queries'
import type { ActivityEntry, GroupDetail as GroupDetailDto } from '../groups.schemas'
import { activitySentence, relativeTimeParts } from './activity-text'
import { BulkBar } from './bulk-bar'
import { DeleteGroupDialog } from './delete-group-dialog'
import { EntryList } from './entry-list'
import { type EntrySort, pruneSelection, rowFromGroupItem } from './entry-list-model'
import { ExportMenu } from './export-menu'
import { GroupIcon } from './group-icon'
import { MoveGroupDialog } from './move-group-dialog'
import { pluralCategory, usePlural } from './use-plural'

type Kind = 'channel' | 'anime'

/** `/dashboard/groups/{id}/`: where a group's channels and animes are looked after. */
export function GroupDetail(props: { id: string }) {
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.id))
  const { data: settings } = useSuspenseQuery(groupSettingsQuery())
  const { group, role } = detail
  const canEdit = role !== 'viewer'
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <Breadcrumbs detail={detail} />
      <GroupHeader detail={detail} />
      {detail.children.length > 0 ? <SubgroupTiles detail={detail} /> : null}
      <GroupItems
        key={group.id}
        detail={detail}
        defaultSort={settings.defaultSort}
        canEdit={canEdit}
      />
      <RecentActivity groupId={group.id} />
    </div>
  )
}

function Breadcrumbs(props: { detail: GroupDetailDto }) {
  const { t } = useI18n()
  const { group, ancestors } = props.detail
  const linkClass =
    'inline-flex max-w-48 items-center gap-1.5 truncate rounded text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300'
  return (
    <nav aria-label={t('library.group.breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm">
        <li className="inline-flex items-center gap-1.5">
          <Link to="/dashboard/groups/" className={linkClass}>
            {t('library.group.allGroups')}
          </Link>
          <ChevronRight aria-hidden size={14} className="text-zinc-400" />
        </li>
        {ancestors.map((crumb) => (
          <li key={crumb.id} className="inline-flex items-center gap-1.5">
            <Link to="/dashboard/groups/$id/" params={{ id: crumb.id }} className={linkClass}>
              <GroupIcon icon={crumb.icon} color={crumb.color} size={14} />
              <span className="truncate">{crumb.name}</span>
            </Link>
            <ChevronRight aria-hidden size={14} className="text-zinc-400" />
          </li>
        ))}
        <li>
          <span aria-current="page" className="font-medium">
            {group.name}
          </span>
        </li>
      </ol>
    </nav>
  )
}

function GroupHeader(props: { detail: GroupDetailDto }) {
  const { t } = useI18n()
  const plural = usePlural()
  const navigate = useNavigate()
  const { group, role, ancestors, children } = props.detail
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null)
  const canEdit = role !== 'viewer'
  const parentId = ancestors.at(-1)?.id ?? null
  // Zero counts are left out ("3 channels", not "3 channels · 0 animes · 0 subgroups").
  const counts = [
    group.channelCount > 0
      ? plural(
          { one: 'library.group.channels.one', other: 'library.group.channels.other' },
          group.channelCount,
        )
      : null,
    group.animeCount > 0
      ? plural(
          { one: 'library.group.animes.one', other: 'library.group.animes.other' },
          group.animeCount,
        )
      : null,
    children.length > 0
      ? plural(
          { one: 'library.group.subgroups.one', other: 'library.group.subgroups.other' },
          children.length,
        )
      : null,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <header className="grid gap-4">
      <div className="flex flex-wrap items-start gap-4">
        <GroupIcon icon={group.icon} color={group.color} size={32} variant="tile" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-3xl font-bold tracking-tight break-words">{group.name}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {counts || t('library.group.empty')}
          </p>
          {group.description ? (
            <p className="max-w-prose whitespace-pre-line text-zinc-700 dark:text-zinc-300">
              {group.description}
            </p>
          ) : null}
        </div>
      </div>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Link
            to="/dashboard/groups/$id/add-channel/"
            params={{ id: group.id }}
            className={buttonClassName('primary', 'sm')}
          >
            <Plus aria-hidden size={16} />
            {t('library.group.addChannels')}
          </Link>
          <Link
            to="/dashboard/groups/new/"
            search={{ parentId: group.id }}
            className={buttonClassName('secondary', 'sm')}
          >
            <FolderPlus aria-hidden size={16} />
            {t('library.group.newSubgroup')}
          </Link>
          <Link
            to="/dashboard/groups/$id/edit/"
            params={{ id: group.id }}
            className={buttonClassName('secondary', 'sm')}
          >
            <Pencil aria-hidden size={16} />
            {t('library.group.edit')}
          </Link>
          <Button variant="secondary" size="sm" onClick={() => setDialog('move')}>
            <FolderInput aria-hidden size={16} />
            {t('library.group.move')}
          </Button>
          <Link
            to="/dashboard/import/"
            search={{ parentId: group.id }}
            className={buttonClassName('secondary', 'sm')}
          >
            <Upload aria-hidden size={16} />
            {t('transfer.import.here')}
          </Link>
          <ExportMenu groupId={group.id} size="sm" />
          {role === 'owner' ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden size={16} />
              {t('library.group.delete')}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.group.viewOnly')}</p>
          <ExportMenu groupId={group.id} size="sm" />
        </div>
      )}
      <MoveGroupDialog
        group={group}
        open={dialog === 'move'}
        onOpenChange={(open) => setDialog(open ? 'move' : null)}
      />
      <DeleteGroupDialog
        group={group}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        onDeleted={() =>
          parentId
            ? navigate({ to: '/dashboard/groups/$id/', params: { id: parentId } })
            : navigate({ to: '/dashboard/groups/' })
        }
      />
    </header>
  )
}

function SubgroupTiles(props: { detail: GroupDetailDto }) {
  const { t } = useI18n()
  const plural = usePlural()
  return (
    <section aria-labelledby="subgroups-title" className="grid gap-3">
      <h2 id="subgroups-title" className="text-lg font-semibold">
        {t('library.group.subgroupsTitle')}
      </h2>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-3">
        {props.detail.children.map((child) => (
          <li key={child.id}>
            <Link
              to="/dashboard/groups/$id/"
              params={{ id: child.id }}
              className="flex h-full items-center gap-3 rounded-xl border border-zinc-200 p-3 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
            >
              <GroupIcon icon={child.icon} color={child.color} size={20} variant="tile" />
              <span className="grid min-w-0">
                <span className="truncate font-medium">{child.name}</span>
                <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                  {plural(
                    { one: 'library.group.items.one', other: 'library.group.items.other' },
                    child.totalCount,
                  )}
                  {child.subgroupCount > 0
                    ? ` · ${plural(
                        {
                          one: 'library.group.subgroups.one',
                          other: 'library.group.subgroups.other',
                        },
                        child.subgroupCount,
                      )}`
                    : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function GroupItems(props: { detail: GroupDetailDto; defaultSort: EntrySort; canEdit: boolean }) {
  const { t, formatNumber } = useI18n()
  const { group, items } = props.detail
  const [kind, setKind] = useState<Kind>('channel')
  const [sort, setSort] = useState<EntrySort>(props.defaultSort)
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set())
  const reorder = useReorderItem()

  const rowsByKind = useMemo(() => {
    const channel = items.filter((item) => item.kind === 'channel').map(rowFromGroupItem)
    const anime = items.filter((item) => item.kind === 'anime').map(rowFromGroupItem)
    return { channel, anime }
  }, [items])
  const existing = useMemo(() => new Set(items.map((item) => item.entryId)), [items])
  const selected = pruneSelection(selection, existing)

  const chooseKind = (value: string) => {
    if (value !== 'channel' && value !== 'anime') return
    setKind(value)
    setSelection(new Set())
  }
  const onReorder = props.canEdit
    ? (entryId: string, afterId: string | null) =>
        reorder.mutate({ groupId: group.id, entryId, afterId })
    : undefined

  const tabClass = cn(
    'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300',
    'data-[state=active]:bg-primary-soft data-[state=active]:text-primary-strong',
    'dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-white',
  )
  const badge = 'rounded-full bg-zinc-100 px-1.5 text-xs tabular-nums dark:bg-zinc-700'
  return (
    <section aria-labelledby="items-title" className="grid gap-4">
      <h2 id="items-title" className="sr-only">
        {t('library.group.itemsTitle')}
      </h2>
      <Tabs.Root value={kind} onValueChange={chooseKind} className="grid gap-4">
        <Tabs.List
          aria-label={t('library.group.itemsTitle')}
          className="flex gap-1 justify-self-start rounded-lg border border-zinc-200 p-1 dark:border-zinc-800"
        >
          <Tabs.Trigger value="channel" className={tabClass}>
            {t('library.group.tab.channels')}
            <span className={badge}>{formatNumber(rowsByKind.channel.length)}</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="anime" className={tabClass}>
            {t('library.group.tab.animes')}
            <span className={badge}>{formatNumber(rowsByKind.anime.length)}</span>
          </Tabs.Trigger>
        </Tabs.List>
        {(['channel', 'anime'] as const).map((value) => (
          <Tabs.Content key={value} value={value}>
            <EntryList
              rows={rowsByKind[value]}
              kind={value}
              label={t(
                value === 'channel' ? 'library.group.channelsIn' : 'library.group.animesIn',
                { group: group.name },
              )}
              sort={value === 'anime' && sort === 'subscribers' ? 'name' : sort}
              sorts={
                value === 'channel'
                  ? ['manual', 'name', 'added', 'subscribers']
                  : ['manual', 'name', 'added']
              }
              onSortChange={setSort}
              selected={selected}
              onSelectedChange={setSelection}
              onReorder={onReorder}
              empty={<EmptyItems kind={value} groupId={group.id} canEdit={props.canEdit} />}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <BulkBar
        screen={{ type: 'group', groupId: group.id, groupName: group.name }}
        selectedIds={selected}
        onClear={() => setSelection(new Set())}
        readOnly={!props.canEdit}
      />
    </section>
  )
}

function EmptyItems(props: { kind: Kind; groupId: string; canEdit: boolean }) {
  const { t } = useI18n()
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t(props.kind === 'channel' ? 'library.group.noChannels' : 'library.group.noAnimes')}
      </p>
      {props.canEdit ? (
        <Link
          to="/dashboard/groups/$id/add-channel/"
          params={{ id: props.groupId }}
          className={buttonClassName('secondary', 'sm')}
        >
          <Plus aria-hidden size={16} />
          {t(props.kind === 'channel' ? 'library.group.addChannels' : 'library.group.addAnime')}
        </Link>
      ) : null}
    </div>
  )
}

function RecentActivity(props: { groupId: string }) {
  const { t } = useI18n()
  const activity = useQuery(activityQuery(props.groupId))
  return (
    <section aria-labelledby="activity-title" className="grid gap-3">
      <h2 id="activity-title" className="text-lg font-semibold">
        {t('library.activity.title')}
      </h2>
      {activity.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.loading')}</p>
      ) : activity.error ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.loadFailed')}</p>
      ) : activity.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.activity.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {activity.data.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  )
}

export function ActivityItem(props: { entry: ActivityEntry }) {
  const { t, locale, formatNumber, formatDate } = useI18n()
  const tag = LOCALE_TAGS[locale]
  const relative = useMemo(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }), [tag])
  const { key, params } = activitySentence(props.entry, (count) => pluralCategory(tag, count))
  const formatted = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value) : value,
    ]),
  )
  const at = new Date(props.entry.createdAt)
  const parts = relativeTimeParts(at, new Date())
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-zinc-100 pb-2 text-sm dark:border-zinc-800">
      <span>{t(key, formatted)}</span>
      <time
        dateTime={props.entry.createdAt}
        title={formatDate(at)}
        suppressHydrationWarning
        className="text-xs text-zinc-600 dark:text-zinc-400"
      >
        {relative.format(parts.value, parts.unit)}
      </time>
    </li>
  )
}
