import type { ReactNode } from 'react'

/** The frame of every sign-in, sign-up and recovery screen. */
export function AuthCard(props: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <div className="grid gap-6 rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
          {props.subtitle ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{props.subtitle}</p>
          ) : null}
        </div>
        {props.children}
      </div>
      {props.footer ? <div className="mt-6 text-center text-sm">{props.footer}</div> : null}
    </main>
  )
}

export const textLinkClass =
  'font-medium text-primary underline-offset-4 hover:underline dark:text-(--accent-300)'
