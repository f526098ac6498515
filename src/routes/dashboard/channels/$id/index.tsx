import { createFileRoute } from '@tanstack/react-router'
import { ChannelGrowthPage } from '~/features/growth/components/channel-growth-page'
import { channelGrowthQuery } from '~/features/growth/growth.queries'
import { DEFAULT_GROWTH_RANGE, validateChannelPageSearch } from '~/features/growth/route.schemas'
import { loadOrNotFound, requireUuid } from '~/lib/load-or-not-found'
import { namedPageMeta } from '~/lib/named-page-meta'

/** A channel's page: `$id` is the library entry (the user's own, or one in a group they may view). */
export const Route = createFileRoute('/dashboard/channels/$id/')({
  validateSearch: validateChannelPageSearch,
  loaderDeps: ({ search }) => ({ range: search.range ?? DEFAULT_GROWTH_RANGE }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const growth = await loadOrNotFound(
      queryClient.ensureQueryData(channelGrowthQuery(requireUuid(params.id), deps.range)),
      ['ENTRY_NOT_FOUND'],
    )
    return { name: growth.channel.title }
  },
  head: ({ match, loaderData }) => ({
    meta: namedPageMeta(
      match.context.messages,
      'growth.meta.title',
      'growth.meta.titleNamed',
      loaderData?.name,
    ),
  }),
  component: ChannelPage,
})

function ChannelPage() {
  const { id } = Route.useParams()
  const { range } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ChannelGrowthPage
      entryId={id}
      range={range ?? DEFAULT_GROWTH_RANGE}
      onRangeChange={(next) =>
        navigate({
          search: { range: next === DEFAULT_GROWTH_RANGE ? undefined : next },
          replace: true,
        })
      }
    />
  )
}
