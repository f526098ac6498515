import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

/** One titled card of the share screen; `danger` frames irreversible actions. */
export function ShareSection(props: {
  id: string
  title: string
  description?: ReactNode
  danger?: boolean
  children: ReactNode
}) {
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
        <h2 id={props.id} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.description ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{props.description}</p>
        ) : null}
      </div>
      {props.children}
    </section>
  )
}
