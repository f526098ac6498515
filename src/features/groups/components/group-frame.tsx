import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ChevronRight,
  Copy,
  FolderInput,
  FolderPlus,
  LogOut,
  Pencil,
  Plus,
  Trash2,
  Upload,
  Users,
} from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { FormAlert } from '~/components/ui/form-alert'
import { GroupFeed } from '~/features/feed/components/group-feed'
import { GroupGrowth } from '~/features/growth/components/group-growth'
import { BulkBar } from '~/features/library/components/bulk-bar'
import { EntryList } from '~/features/library/components/entry-list'
import {
  type EntrySort,
  pruneSelection,
  rowFromGroupItem,
} from '~/features/library/components/entry-list-model'
import { ShareButton } from '~/features/sharing/components/share-button'
import { SHARED_SECTION_ID } from '~/features/sharing/components/shared-groups-section'
import { useCopySharedGroup, useLeaveGroup } from '~/features/sharing/sharing.queries'
import { ExportMenu } from '~/features/transfer/components/export-menu'
import { errorCodeOf } from '~/lib/app-error'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import { pluralCategory, useCountSummary, usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import {
  activityQuery,
  groupDetailQuery,
  groupSettingsQuery,
  useReorderItem,
} from '../groups.queries'
import {
  type ActivityEntry,
  GROUP_TABS,
  type GroupDetail as GroupDetailDto,
  type GroupTab,
} from '../groups.schemas'
import { activitySentence, relativeTimeParts } from './activity-text'
import { DeleteGroupDialog } from './delete-group-dialog'
import { GroupIcon } from './group-icon'
import { MoveGroupDialog } from './move-group-dialog'

type Kind = 'channel' | 'anime'

/**
 * `/dashboard/groups/{id}/`: where a group's channels and animes are looked
 * after, with its Feed and Growth as tabs (`?tab=`), so the header stays put.
 */
export function GroupDetail(props: { id: string; tab: GroupTab }) {
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.id))
  const { data: settings } = useSuspenseQuery(groupSettingsQuery())
  const { group, role } = detail
  const canEdit = role !== 'viewer'
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <Breadcrumbs detail={detail} />
      <GroupHeader detail={detail} />
      <GroupTabs groupId={group.id} current={props.tab} />
      {props.tab === 'feed' ? (
        <GroupFeed groupId={group.id} />
      ) : props.tab === 'growth' ? (
        <GroupGrowth groupId={group.id} />
      ) : (
        <>
          {detail.children.length > 0 ? <SubgroupTiles detail={detail} /> : null}
          <GroupItems
            key={group.id}
            detail={detail}
            defaultSort={settings.defaultSort}
            canEdit={canEdit}
          />
          <RecentActivity groupId={group.id} />
        </>
      )}
    </div>
  )
}

function GroupTabs(props: { groupId: string; current: GroupTab }) {
  const { t } = useI18n()
  const labels: Record<GroupTab, string> = {
    items: t('groups.tab.items'),
    feed: t('groups.tab.feed'),
    growth: t('groups.tab.growth'),
  }
  return (
    <nav
      aria-label={t('groups.tab.label')}
      className="border-b border-zinc-200 dark:border-zinc-800"
    >
      <ul className="-mb-px flex gap-1">
        {GROUP_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to="/dashboard/groups/$id"
              params={{ id: props.groupId }}
              search={tab === 'items' ? {} : { tab }}
              aria-current={tab === props.current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                tab === props.current
                  ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                  : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
              )}
            >
              {labels[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
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
          {props.detail.role === 'owner' ? (
            <Link to="/dashboard/groups/" className={linkClass}>
              {t('library.group.allGroups')}
            </Link>
          ) : (
            <Link to="/dashboard/groups/" hash={SHARED_SECTION_ID} className={linkClass}>
              {t('shared.title')}
            </Link>
          )}
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
  const summary = useCountSummary()
  const navigate = useNavigate()
  const { group, role, ancestors, children } = props.detail
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null)
  const isOwner = role === 'owner'
  const canEdit = role !== 'viewer'
  // Rename, move and delete: the owner, or an editor below their grant (never the shared group itself).
  const canRestructure = canEdit && props.detail.canRestructure
  const parentId = ancestors.at(-1)?.id ?? null
  // Zero counts are left out ("3 channels", not "3 channels · 0 animes · 0 subgroups").
  const counts = summary({
    channelCount: group.channelCount,
    animeCount: group.animeCount,
    subgroupCount: children.length,
  })
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
      {role === 'owner' ? null : <SharedBanner role={role} ownerName={props.detail.ownerName} />}
      <div className="flex flex-wrap gap-2">
        {canEdit ? (
          <>
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
          </>
        ) : null}
        {canRestructure ? (
          <Link
            to="/dashboard/groups/$id/edit/"
            params={{ id: group.id }}
            className={buttonClassName('secondary', 'sm')}
          >
            <Pencil aria-hidden size={16} />
            {t('library.group.edit')}
          </Link>
        ) : null}
        {canRestructure ? (
          <Button variant="secondary" size="sm" onClick={() => setDialog('move')}>
            <FolderInput aria-hidden size={16} />
            {t('library.group.move')}
          </Button>
        ) : null}
        {/* Imports fill the reader's own library and tree: the owner's tool. */}
        {isOwner ? (
          <Link
            to="/dashboard/import/"
            search={{ parentId: group.id }}
            className={buttonClassName('secondary', 'sm')}
          >
            <Upload aria-hidden size={16} />
            {t('transfer.import.here')}
          </Link>
        ) : null}
        <ExportMenu groupId={group.id} size="sm" />
        {isOwner ? <ShareButton groupId={group.id} /> : <MemberActions detail={props.detail} />}
        {canRestructure ? (
          <Button variant="secondary" size="sm" onClick={() => setDialog('delete')}>
            <Trash2 aria-hidden size={16} />
            {t('library.group.delete')}
          </Button>
        ) : null}
      </div>
      {canRestructure ? (
        <MoveGroupDialog
          group={group}
          shared={!isOwner}
          open={dialog === 'move'}
          onOpenChange={(open) => setDialog(open ? 'move' : null)}
        />
      ) : null}
      {canRestructure ? (
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
      ) : null}
    </header>
  )
}

/** "Shared by Ana · Editor": whose group this is and what the reader may do in it. */
function SharedBanner(props: { role: 'editor' | 'viewer'; ownerName: string | null }) {
  const { t } = useI18n()
  const name = props.ownerName ?? '…'
  return (
    <div className="flex items-start gap-3 rounded-xl bg-primary-soft p-3 text-sm text-primary-strong dark:bg-zinc-800 dark:text-zinc-100">
      <Users aria-hidden size={18} className="mt-0.5 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-medium">
          {t(props.role === 'editor' ? 'shared.banner.editor' : 'shared.banner.viewer', { name })}
        </p>
        <p>
          {t(props.role === 'editor' ? 'shared.banner.editorHint' : 'shared.banner.viewerHint')}
        </p>
      </div>
    </div>
  )
}

/**
 * A member's own actions: a deep copy into their groups, and leaving. Leaving
 * works on the group the grant is on; below it the server answers
 * GROUP_NOT_FOUND and the dialog points to the shared group (the first crumb).
 */
function MemberActions(props: { detail: GroupDetailDto }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const { group, ancestors } = props.detail
  const copy = useCopySharedGroup()
  const leave = useLeaveGroup()
  const [confirming, setConfirming] = useState(false)
  const root = ancestors[0] ?? null
  const inherited = leave.error ? errorCodeOf(leave.error).code === 'GROUP_NOT_FOUND' : false

  const onCopy = () =>
    copy.mutate(
      { groupId: group.id },
      {
        onSuccess: (result) => {
          toast.success(t('shared.copy.done', { name: group.name }))
          void navigate({ to: '/dashboard/groups/$id/', params: { id: result.groupId } })
        },
        onError: (error) => toast.error(errorText(error)),
      },
    )
  const onLeave = () =>
    leave.mutate(
      { groupId: group.id },
      {
        onSuccess: () => {
          setConfirming(false)
          toast.success(t('shared.leave.done', { name: group.name }))
          void navigate({ to: '/dashboard/groups/' })
        },
      },
    )
  const openChange = (open: boolean) => {
    if (!open) leave.reset()
    setConfirming(open)
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={onCopy} disabled={copy.isPending}>
        <Copy aria-hidden size={16} />
        {copy.isPending ? t('shared.copy.busy') : t('shared.copy.button')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => openChange(true)}>
        <LogOut aria-hidden size={16} />
        {t('shared.leave.button')}
      </Button>
      <Dialog open={confirming} onOpenChange={openChange}>
        {confirming ? (
          <DialogContent role="alertdialog">
            <DialogTitle className="text-lg font-semibold">
              {t('shared.leave.title', { name: group.name })}
            </DialogTitle>
            <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
              {t('shared.leave.description')}
            </DialogDescription>
            {inherited && root ? (
              <FormAlert tone="error">
                <p>{t('shared.leave.inherited', { root: root.name })}</p>
                <Link
                  to="/dashboard/groups/$id/"
                  params={{ id: root.id }}
                  onClick={() => openChange(false)}
                  className="mt-1 inline-block font-medium underline underline-offset-2"
                >
                  {t('shared.leave.openRoot', { root: root.name })}
                </Link>
              </FormAlert>
            ) : leave.error ? (
              <FormAlert tone="error">{errorText(leave.error)}</FormAlert>
            ) : null}
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="secondary">{t('shared.leave.cancel')}</Button>
              </DialogClose>
              <Button
                variant="danger"
                onClick={onLeave}
                disabled={leave.isPending || (inherited && root !== null)}
              >
                {leave.isPending ? t('shared.leave.busy') : t('shared.leave.confirm')}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
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
        screen={{
          type: 'group',
          groupId: group.id,
          groupName: group.name,
          shared: props.detail.role !== 'owner',
        }}
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
