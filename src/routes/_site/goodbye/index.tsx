import { createFileRoute } from '@tanstack/react-router'
import { GoodbyeScreen } from '~/features/auth/components/goodbye-screen'
import { pageMeta } from '~/lib/seo'

/** After deleting the account (settings → account); the page says nothing about anyone. */
export const Route = createFileRoute('/_site/goodbye/')({
  head: ({ match }) => ({
    meta: [
      ...pageMeta(match.context.messages, 'goodbye.meta.title'),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: GoodbyeScreen,
})
