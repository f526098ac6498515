import { createFileRoute } from '@tanstack/react-router'
import { UnsubscribePage } from '~/features/notifications/components/unsubscribe-page'
import { validateUnsubscribeSearch } from '~/features/notifications/unsubscribe.schemas'
import { pageMeta } from '~/lib/seo'

/** A notification mail's unsubscribe link: a question and a button; opening it changes nothing. */
export const Route = createFileRoute('/_site/unsubscribe/')({
  validateSearch: validateUnsubscribeSearch,
  head: ({ match }) => ({
    meta: [
      ...pageMeta(match.context.messages, 'notifyMail.unsubscribePage.title'),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const { token, result } = Route.useSearch()
  return <UnsubscribePage token={token ?? ''} result={result} />
}
