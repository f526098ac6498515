import type { ReactNode } from 'react'

/** Shared frame for the terms and privacy pages: readable measure, dated. */
export function LegalPage(props: { title: string; updated: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">{props.title}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{props.updated}</p>
      <div className="mt-10 grid gap-8 text-zinc-800 dark:text-zinc-200 [&_h2]:text-xl [&_h2]:font-semibold [&_section]:grid [&_section]:gap-3 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1">
        {props.children}
      </div>
    </main>
  )
}

export function LegalSection(props: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2>{props.title}</h2>
      {props.children}
    </section>
  )
}
