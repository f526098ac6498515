import type { ReactNode } from 'react'

export function SettingsSection(props: {
  id: string
  title: string
  hint?: string
  children: ReactNode
  danger?: boolean
}) {
  return (
    <section
      aria-labelledby={props.id}
      className={
        props.danger
          ? 'grid gap-4 rounded-2xl border border-red-300 p-6 dark:border-red-900'
          : 'grid gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800'
      }
    >
      <div>
        <h2 id={props.id} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.hint ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{props.hint}</p>
        ) : null}
      </div>
      {props.children}
    </section>
  )
}
