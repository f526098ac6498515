import { createFileRoute } from '@tanstack/react-router'
import { NewGroupScreen } from '~/features/groups/components/new-group-screen'
import { groupDetailQuery, groupTreeQuery } from '~/features/groups/groups.queries'
import { idSchema } from '~/features/groups/id.schemas'
import { definedParams, optionalText, type RawSearch } from '~/lib/search-params'
import { pageMeta } from '~/lib/seo'

/** Seed: `?parentId=` is passed through when it is a non-empty string, else left out. */
export const Route = createFileRoute('/dashboard/groups/new/')({
  validateSearch: (search: RawSearch) => definedParams({ parentId: optionalText(search.parentId) }),
  loaderDeps: ({ search }) => ({ parentId: search.parentId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const tree = await queryClient.ensureQueryData(groupTreeQuery())
    const { parentId } = deps
    // A parent outside the user's tree may be a group shared with them; anything else is ignored.
    if (parentId && idSchema.safeParse(parentId).success) {
      if (!tree.groups.some((node) => node.id === parentId)) {
        await queryClient.ensureQueryData(groupDetailQuery(parentId)).catch(() => null)
      }
    }
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'groups.meta.new') }),
  component: NewGroupPage,
})

function NewGroupPage() {
  const { parentId } = Route.useSearch()
  return <NewGroupScreen parentId={parentId} />
}
