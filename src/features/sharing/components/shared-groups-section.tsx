import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Eye, Pencil, Users } from 'lucide-react'
import { GroupIcon } from '~/features/groups/components/group-icon'
import { SHARED_GROUPS_HASH } from '~/features/groups/components/page-anchors'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { type CountSummary, useCountSummary } from '~/lib/i18n/use-plural'
import { sharedWithMeQuery } from '../sharing.queries'
import type { MemberRole } from '../sharing.schemas'

/** Where the overview's "all shared groups" link lands on the groups page. */

/** "Editor" / "Viewer": the reader's role in a group someone shares with them. */
export function RoleBadge(props: { role: MemberRole; className?: string }) {
  const { t } = useI18n()
  const Icon = props.role === 'editor' ? Pencil : Eye
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        props.role === 'editor'
          ? 'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-zinc-100'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
        props.className,
      )}
    >
      <Icon aria-hidden size={12} />
      {t(props.role === 'editor' ? 'shared.role.editor' : 'shared.role.viewer')}
    </span>
  )
}

/** "12 channels · 3 animes · 2 subgroups", zero counts left out. */
export function useSharedCounts() {
  const { t } = useI18n()
  const summary = useCountSummary()
  return (shared: CountSummary) => summary(shared) || t('library.group.empty')
}

/**
 * The groups page's "Shared with me", below the user's own tree (which stays
 * theirs alone): each group with its owner, the reader's role and its counts.
 */
export function SharedGroupsSection() {
  const { t } = useI18n()
  const shared = useQuery(sharedWithMeQuery())
  const counts = useSharedCounts()
  const note = 'text-sm text-zinc-700 dark:text-zinc-300'
  return (
    <section
      id={SHARED_GROUPS_HASH}
      aria-labelledby="shared-groups-title"
      className="mx-auto grid w-full max-w-4xl scroll-mt-8 gap-4"
    >
      <div className="grid gap-1">
        <h2 id="shared-groups-title" className="text-xl font-semibold">
          {t('shared.title')}
        </h2>
        <p className={note}>{t('shared.section.subtitle')}</p>
      </div>
      {shared.isPending ? (
        <p className={note}>{t('library.loading')}</p>
      ) : shared.isError ? (
        <p className={note}>{t('library.loadFailed')}</p>
      ) : shared.data.length === 0 ? (
        <div className="flex items-start gap-3 rounded-2xl border border-dashed border-zinc-300 p-6 dark:border-zinc-700">
          <Users aria-hidden size={20} className="mt-0.5 shrink-0 text-primary" />
          <p className={note}>{t('shared.section.empty')}</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shared.data.map((group) => (
            <li key={group.groupId}>
              <Link
                to="/dashboard/groups/$id/"
                params={{ id: group.groupId }}
                className="flex h-full items-start gap-3 rounded-xl border border-zinc-200 p-4 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
              >
                <GroupIcon icon={group.icon} color={group.color} size={22} variant="tile" />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex items-start justify-between gap-2">
                    <span className="truncate font-medium">{group.name}</span>
                    <RoleBadge role={group.role} />
                  </span>
                  <span className="truncate text-sm text-zinc-700 dark:text-zinc-300">
                    {t('shared.ownedBy', { name: group.ownerName })}
                  </span>
                  <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                    {counts(group)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
