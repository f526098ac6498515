import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { GroupIcon } from '~/features/groups/components/group-icon'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { sharingQuery } from '../sharing.queries'
import { ShareInvitations } from './share-invitations'
import { ShareLinks } from './share-links'
import { ShareMembers } from './share-members'
import { ShareTransfer } from './share-transfer'

/**
 * `/dashboard/groups/{id}/share/`, for the owner: members and their roles,
 * share links, invitations by email, and handing the group over.
 */
export function ShareScreen(props: { id: string }) {
  const { t } = useI18n()
  const query = useSuspenseQuery(sharingQuery(props.id))
  const { group, members, links, invitations, canInvite } = query.data
  const reload = async () => {
    await query.refetch()
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-8">
      <header className="grid gap-3">
        <Link
          to="/dashboard/groups/$id/"
          params={{ id: group.id }}
          className="inline-flex items-center gap-1.5 justify-self-start rounded text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
        >
          <ArrowLeft aria-hidden size={14} />
          {t('sharing.screen.back', { name: group.name })}
        </Link>
        <div className="flex items-start gap-4">
          <GroupIcon icon={group.icon} color={group.color} size={32} variant="tile" />
          <div className="grid min-w-0 gap-1">
            <h1 className="text-3xl font-bold tracking-tight break-words">
              {t('sharing.screen.title', { name: group.name })}
            </h1>
            <p className="max-w-prose text-zinc-700 dark:text-zinc-300">
              {t('sharing.screen.subtitle')}
            </p>
          </div>
        </div>
      </header>
      <ShareMembers groupId={group.id} members={members} onReload={reload} />
      <ShareLinks groupId={group.id} links={links} />
      <ShareInvitations groupId={group.id} invitations={invitations} canInvite={canInvite} />
      <ShareTransfer group={group} members={members} onReload={reload} />
    </div>
  )
}
