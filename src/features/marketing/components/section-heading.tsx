/** The title block every landing section opens with. */
export function SectionHeading(props: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <h2 id={props.id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {props.title}
      </h2>
      {props.subtitle ? (
        <p className="mt-4 text-lg text-zinc-700 dark:text-zinc-300">{props.subtitle}</p>
      ) : null}
    </div>
  )
}
