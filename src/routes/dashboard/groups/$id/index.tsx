import { createFileRoute } from '@tanstack/react-router'
import { GroupFeed } from '~/features/feed/components/group-feed'
import { RecentActivity } from '~/features/groups/components/group-activity'
import { GroupFrame } from '~/features/groups/components/group-frame'
import { SubgroupTiles } from '~/features/groups/components/subgroup-tiles'
import {
  activityQuery,
  groupDetailQuery,
  groupSettingsQuery,
  groupTreeQuery,
} from '~/features/groups/groups.queries'
import { validateGroupPageSearch } from '~/features/groups/route.schemas'
import { GroupGrowth } from '~/features/growth/components/group-growth'
import { GroupItems } from '~/features/library/components/group-items'
import { GroupNotFound } from '~/features/sharing/components/access-ended'
import { MemberActions } from '~/features/sharing/components/member-actions'
import { ShareButton } from '~/features/sharing/components/share-button'
import { ExportMenu } from '~/features/transfer/components/export-menu'
import { loadOrNotFound, requireUuid } from '~/lib/load-or-not-found'
import { namedPageMeta } from '~/lib/named-page-meta'

export const Route = createFileRoute('/dashboard/groups/$id/')({
  validateSearch: validateGroupPageSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const id = requireUuid(params.id)
    // Everything the page renders is awaited: a query still in flight during the
    // server render could land before hydration and make the markup differ.
    const rest = Promise.all([
      queryClient.ensureQueryData(groupSettingsQuery()),
      queryClient.ensureQueryData(activityQuery(id)),
      // The owner's move/copy pickers use their whole tree (a member's load the shared one on demand).
      queryClient.ensureQueryData(groupTreeQuery()),
    ])
    // The detail decides what someone without access sees (not found, or a former
    // member's screen); the activity's own refusal must not win the race.
    rest.catch(() => undefined)
    const detail = await loadOrNotFound(queryClient.ensureQueryData(groupDetailQuery(id)), [
      'GROUP_NOT_FOUND',
    ])
    await rest
    return { name: detail.group.name }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'library.meta.group',
      'library.meta.groupNamed',
      loaderData?.name,
    ),
  }),
  component: GroupPage,
  notFoundComponent: GroupNotFound,
})

/** The group's frame with its header actions and the tab the URL names. */
function GroupPage() {
  const { id } = Route.useParams()
  const { tab = 'items' } = Route.useSearch()
  return (
    <GroupFrame
      id={id}
      tab={tab}
      actions={(detail) => (
        <>
          <ExportMenu groupId={detail.group.id} size="sm" />
          {detail.role === 'owner' ? (
            <ShareButton groupId={detail.group.id} />
          ) : (
            <MemberActions detail={detail} />
          )}
        </>
      )}
    >
      {tab === 'feed' ? (
        <GroupFeed groupId={id} />
      ) : tab === 'growth' ? (
        <GroupGrowth groupId={id} />
      ) : (
        <>
          <SubgroupTiles groupId={id} />
          <GroupItems groupId={id} />
          <RecentActivity groupId={id} />
        </>
      )}
    </GroupFrame>
  )
}
