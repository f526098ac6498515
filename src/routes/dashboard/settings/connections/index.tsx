import { createFileRoute } from '@tanstack/react-router'
import { YoutubeConnectionSettings } from '~/features/transfer/components/youtube-connection-settings'
import { youtubeConnectionQuery } from '~/features/transfer/youtube-connect.queries'
import { pageMeta } from '~/lib/seo'

/** Connected accounts: YouTube (import subscriptions again, disconnect). */
export const Route = createFileRoute('/dashboard/settings/connections/')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(youtubeConnectionQuery())
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'connect.meta.title') }),
  component: YoutubeConnectionSettings,
})
