import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

/**
 * A titled card of a settings-like screen (account, privacy, sharing),
 * labelled by its heading; `danger` frames irreversible actions.
 */
export function CardSection(props: {
  id: string
  title: string
  description?: ReactNode
  danger?: boolean
  /** 3 when the card sits under a page section that already has an h2. */
  headingLevel?: 2 | 3
  children: ReactNode
}) {
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2'
  return (
    <section
      aria-labelledby={props.id}
      className={cn(
        'grid gap-4 rounded-2xl border p-6',
        props.danger
          ? 'border-red-300 dark:border-red-900'
          : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <div className="grid gap-1">
        <Heading id={props.id} className="text-lg font-semibold">
          {props.title}
        </Heading>
        {props.description ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{props.description}</p>
        ) : null}
      </div>
      {props.children}
    </section>
  )
}
