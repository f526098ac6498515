import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useMemo, useState } from 'react'
import { buttonClassName } from '~/components/ui/button'
import {
  groupDetailQuery,
  groupSettingsQuery,
  useReorderItem,
} from '~/features/groups/groups.queries'
import type { GroupDetail } from '~/features/groups/groups.schemas'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { BulkBar } from './bulk-bar'
import { EntryList } from './entry-list'
import { type EntrySort, pruneSelection, rowFromGroupItem } from './entry-list-model'

type Kind = 'channel' | 'anime'

/** A group's channels and animes, one tab each: sorted, searched, selected and reordered in place. */
export function GroupItems(props: { groupId: string }) {
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.groupId))
  const { data: settings } = useSuspenseQuery(groupSettingsQuery())
  return (
    <GroupItemList
      key={detail.group.id}
      detail={detail}
      defaultSort={settings.defaultSort}
      canEdit={detail.role !== 'viewer'}
    />
  )
}

function GroupItemList(props: { detail: GroupDetail; defaultSort: EntrySort; canEdit: boolean }) {
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
  // The owner's rows drop on the owner's groups (moved there); a shared group's only reorder.
  const owner = props.detail.role === 'owner'
  const dragToGroups = useMemo(
    () => (owner ? { fromGroupId: group.id } : undefined),
    [owner, group.id],
  )
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
              dragToGroups={dragToGroups}
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
