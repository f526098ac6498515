import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import { GroupIcon } from '~/features/groups/components/group-icon'
import { SHARED_GROUPS_HASH } from '~/features/groups/components/page-anchors'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { sharedWithMeQuery } from '../sharing.queries'
import { RoleBadge, useSharedCounts } from './shared-groups-section'

const SHOWN = 5

/** The overview's "Shared with me": the first few, then the groups page. Hidden when empty. */
export function SharedOverviewCard() {
  const { t } = useI18n()
  const { data } = useQuery(sharedWithMeQuery())
  const counts = useSharedCounts()
  if (!data || data.length === 0) return null
  return (
    <section
      aria-labelledby="overview-shared-title"
      className="grid gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
    >
      <h2 id="overview-shared-title" className="text-lg font-semibold">
        {t('shared.title')}
      </h2>
      <ul className="grid gap-2">
        {data.slice(0, SHOWN).map((group) => (
          <li key={group.groupId}>
            <Link
              to="/dashboard/groups/$id/"
              params={{ id: group.groupId }}
              className="flex items-center gap-3 rounded-lg p-2 hover:bg-zinc-50 dark:hover:bg-zinc-900"
            >
              <GroupIcon icon={group.icon} color={group.color} size={18} variant="tile" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{group.name}</span>
                <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                  {t('shared.ownedBy', { name: group.ownerName })} · {counts(group)}
                </span>
              </span>
              <RoleBadge role={group.role} />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/dashboard/groups/"
        hash={SHARED_GROUPS_HASH}
        className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-primary-strong underline-offset-2 hover:underline dark:text-zinc-100"
      >
        {t('shared.overview.seeAll')}
        <ArrowRight aria-hidden size={14} />
      </Link>
    </section>
  )
}
