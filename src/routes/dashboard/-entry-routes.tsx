import type { QueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { ChangeGroupsPage } from '~/features/library/components/change-groups-form'
import { EntryEditPage } from '~/features/library/components/entry-edit-form'
import { loadEntryOfKind } from '~/features/library/library.queries'
import type { Messages } from '~/lib/i18n/messages/en'
import { namedPageMeta } from '~/lib/named-page-meta'

/*
 * A channel's and an anime's edit and change-groups pages differ only by the
 * kind of entry they load: each page is defined once here, and its two route
 * files (`channels/…`, `animes/…`) name the kind. The `-` keeps this file out
 * of the route tree.
 */

type EntryKind = 'channel' | 'anime'
type LoaderArgs = { context: { queryClient: QueryClient }; params: { id: string } }
type HeadArgs = { match: { context: { messages: Messages } }; loaderData?: { name: string } }

export function entryEditRoute(kind: EntryKind) {
  return {
    loader: async ({ context: { queryClient }, params }: LoaderArgs) => {
      const entry = await loadEntryOfKind(queryClient, params.id, kind)
      return { name: entry.title }
    },
    head: ({ match, loaderData }: HeadArgs) => ({
      meta: namedPageMeta(
        match.context.messages,
        'library.meta.edit',
        'library.meta.editNamed',
        loaderData?.name,
      ),
    }),
    component: EditEntryRoutePage,
  }
}

export function entryChangeGroupsRoute(kind: EntryKind) {
  return {
    loader: async ({ context: { queryClient }, params }: LoaderArgs) => {
      const [entry] = await Promise.all([
        loadEntryOfKind(queryClient, params.id, kind),
        queryClient.ensureQueryData(groupTreeQuery()),
      ])
      return { name: entry.title }
    },
    head: ({ match, loaderData }: HeadArgs) => ({
      meta: namedPageMeta(
        match.context.messages,
        'library.meta.changeGroups',
        'library.meta.changeGroupsNamed',
        loaderData?.name,
      ),
    }),
    component: ChangeGroupsRoutePage,
  }
}

function EditEntryRoutePage() {
  const { id } = useParams({ strict: false })
  return id ? <EntryEditPage id={id} /> : null
}

function ChangeGroupsRoutePage() {
  const { id } = useParams({ strict: false })
  return id ? <ChangeGroupsPage id={id} /> : null
}
