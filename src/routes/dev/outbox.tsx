import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { outboxQuery } from '~/features/dev/dev.queries'

/** Development outbox: every mail the app "sent" while no SMTP server is configured. */
export const Route = createFileRoute('/dev/outbox')({
  head: () => ({ meta: [{ title: 'Outbox · Tubefold (development)' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(outboxQuery()),
  component: OutboxPage,
})

function OutboxPage() {
  const { data: mails } = useSuspenseQuery(outboxQuery())
  return (
    <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Outbox (development)</h1>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        No SMTP server is configured, so mail is kept here instead of being sent.
      </p>
      {mails.length === 0 ? <p>No mail yet.</p> : null}
      <ol className="grid gap-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
            <article aria-label={mail.subject}>
              <h2 className="font-semibold">{mail.subject}</h2>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                To <span data-testid="mail-to">{mail.to}</span> ·{' '}
                <time dateTime={mail.createdAt}>{mail.createdAt}</time>
              </p>
              <pre className="mt-3 overflow-auto text-sm whitespace-pre-wrap">{mail.text}</pre>
            </article>
          </li>
        ))}
      </ol>
    </main>
  )
}
