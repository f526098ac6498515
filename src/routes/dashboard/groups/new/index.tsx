import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { NewGroupScreen } from '~/features/organiser/components/new-group-screen'
import { groupTreeQuery } from '~/features/organiser/groups.queries'
import { pageMeta } from '~/lib/seo'

/** Seed: `?parentId=` is passed through when it is a non-empty string, else left out. */
export const Route = createFileRoute('/dashboard/groups/new/')({
  validateSearch: (search: { parentId?: unknown } & SearchSchemaInput): { parentId?: string } =>
    typeof search.parentId === 'string' && search.parentId.trim() !== ''
      ? { parentId: search.parentId }
      : {},
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(groupTreeQuery())
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'groups.meta.new') }),
  component: NewGroupPage,
})

function NewGroupPage() {
  const { parentId } = Route.useSearch()
  return <NewGroupScreen parentId={parentId} />
}
