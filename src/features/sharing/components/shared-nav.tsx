import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { GroupIcon } from '~/features/groups/components/group-icon'
import type { RowBadge } from '~/features/groups/components/group-tree-row'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { sharedWithMeQuery } from '../sharing.queries'
import type { SharedWithMe } from '../sharing.schemas'

/**
 * The sidebar's "Shared with me": groups others share with the user. Never
 * suspends (the layout paints without it) and shows nothing until there is
 * something; a heading rather than a second nav, so landmarks stay unique.
 */
export function SharedNav(props: { onNavigate?: () => void; rowBadge?: RowBadge }) {
  const { t } = useI18n()
  const { data } = useQuery(sharedWithMeQuery())
  if (!data || data.length === 0) return null
  return (
    <div className="grid min-h-0 gap-2">
      <h2 className="px-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {t('shared.title')}
      </h2>
      <ul className="grid gap-1 overflow-y-auto">
        {data.map((shared) => (
          <SharedNavItem
            key={shared.groupId}
            shared={shared}
            rowBadge={props.rowBadge}
            onNavigate={props.onNavigate}
          />
        ))}
      </ul>
    </div>
  )
}

/** One shared group, with the "N new" badge another domain may give it. */
function SharedNavItem(props: {
  shared: SharedWithMe
  rowBadge: RowBadge | undefined
  onNavigate: (() => void) | undefined
}) {
  const { t } = useI18n()
  const { shared } = props
  const ids = useId()
  const nameId = `${ids}-name`
  const badgeIds = { labelId: `${ids}-badge`, descriptionId: `${ids}-new` }
  const badge = props.rowBadge?.(shared.groupId, badgeIds) ?? null
  return (
    <li>
      <Link
        to="/dashboard/groups/$id/"
        params={{ id: shared.groupId }}
        onClick={props.onNavigate}
        aria-labelledby={badge ? `${nameId} ${badgeIds.labelId}` : undefined}
        aria-describedby={badge ? badgeIds.descriptionId : undefined}
        className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        activeProps={{
          className: 'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-white',
          'aria-current': 'page',
        }}
      >
        <GroupIcon icon={shared.icon} color={shared.color} size={18} />
        <span id={nameId} className="grid min-w-0 flex-1">
          <span className="truncate font-medium">{shared.name}</span>
          <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
            {t('shared.ownedBy', { name: shared.ownerName })}
          </span>
        </span>
        {badge}
      </Link>
    </li>
  )
}
