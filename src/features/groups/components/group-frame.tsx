import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useCountSummary } from '~/lib/i18n/use-plural'
import { groupDetailQuery } from '../groups.queries'
import type { GroupDetail as GroupDetailDto } from '../groups.schemas'
import { GROUP_TABS, type GroupTab } from '../route.schemas'
import { GroupHeaderActions } from './group-header-actions'
import { GroupIcon } from './group-icon'
import { SHARED_GROUPS_HASH } from './page-anchors'

/**
 * `/dashboard/groups/{id}/`: the frame of a group's page (breadcrumbs, header,
 * tabs). The route fills it: `actions` joins the header's buttons, `children`
 * is the current tab, so the header stays put while the tabs change.
 */
export function GroupFrame(props: {
  id: string
  tab: GroupTab
  actions: (detail: GroupDetailDto) => ReactNode
  children: ReactNode
}) {
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.id))
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <Breadcrumbs detail={detail} />
      <GroupHeader detail={detail} actions={props.actions(detail)} />
      <GroupTabs groupId={detail.group.id} current={props.tab} />
      {props.children}
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
            <Link to="/dashboard/groups/" hash={SHARED_GROUPS_HASH} className={linkClass}>
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

function GroupHeader(props: { detail: GroupDetailDto; actions: ReactNode }) {
  const { t } = useI18n()
  const summary = useCountSummary()
  const { group, role, children } = props.detail
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
      <GroupHeaderActions detail={props.detail} actions={props.actions} />
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
