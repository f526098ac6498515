import { createFileRoute, notFound, SearchParamError } from '@tanstack/react-router'
import { ShareLinkIncomplete, ShareLinkPage } from '~/features/sharing/components/share-link-page'
import { loadPublicSharing } from '~/features/sharing/public-sharing-load'
import { isShareType, validateShareSearch } from '~/features/sharing/route.schemas'
import { sharePreviewQuery } from '~/features/sharing/sharing.queries'
import { linkIdSchema } from '~/features/sharing/token.schemas'
import { namedPageMeta } from '~/lib/named-page-meta'

/**
 * The seed: `/share/{type}/{id}/?permission=view|edit`; a bad `permission`
 * fails parsing. That failure (and an unknown type) answers 404 with the
 * "incomplete link" screen, not the error screen and its raw message.
 */
export const Route = createFileRoute('/_site/share/$type/$id/')({
  validateSearch: validateShareSearch,
  onError: (error) => {
    if (error instanceof SearchParamError) throw notFound()
  },
  loaderDeps: ({ search }) => ({ permission: search.permission }),
  beforeLoad: ({ params }) => {
    if (!isShareType(params.type)) throw notFound()
  },
  loader: async ({ context: { queryClient }, params, deps }) => {
    const linkId = linkIdSchema.safeParse(params.id)
    if (!linkId.success) return { state: 'unavailable' as const, name: null }
    const load = await loadPublicSharing(
      queryClient.ensureQueryData(sharePreviewQuery(linkId.data, deps.permission)),
      'SHARE_LINK_UNAVAILABLE',
    )
    return { state: load.state, name: load.state === 'ready' ? load.data.group.name : null }
  },
  head: ({ match, loaderData }) => ({
    meta: [
      ...namedPageMeta(
        match.context.messages,
        'sharing.meta.link',
        'sharing.meta.linkNamed',
        loaderData?.name ?? undefined,
      ),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: SharePage,
  notFoundComponent: ShareLinkIncomplete,
})

function SharePage() {
  const { id } = Route.useParams()
  const { permission } = Route.useSearch()
  const { state } = Route.useLoaderData()
  return <ShareLinkPage linkId={id} permission={permission} state={state} />
}
