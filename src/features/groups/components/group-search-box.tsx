import { Search, X } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { Input } from '~/components/ui/field'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { highlightSegments } from '../tree-view-model'

/** A search field with a clear button; Escape clears it too. */
export function GroupSearchBox(props: {
  label: string
  value: string
  onChange: (value: string) => void
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
  className?: string
}) {
  const { t } = useI18n()
  return (
    <div className={props.className ? `relative ${props.className}` : 'relative'}>
      <Search
        aria-hidden
        size={16}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500"
      />
      <Input
        type="search"
        aria-label={props.label}
        placeholder={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && props.value) {
            event.preventDefault()
            event.stopPropagation()
            props.onChange('')
            return
          }
          props.onKeyDown?.(event)
        }}
        autoComplete="off"
        spellCheck={false}
        trailingSpace
        className="pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {props.value ? (
        <button
          type="button"
          onClick={() => props.onChange('')}
          aria-label={t('groups.search.clear')}
          className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 place-items-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
        >
          <X aria-hidden size={16} />
        </button>
      ) : null}
    </div>
  )
}

/** A name with the parts matching the search marked. */
export function HighlightedName(props: { name: string; query: string }) {
  const segments = highlightSegments(props.name, props.query)
  if (segments.length === 1 && !segments[0]?.match) return <>{props.name}</>
  // Each segment's start offset in the name: a stable, unique key.
  let offset = 0
  const keyed = segments.map((segment) => {
    const start = offset
    offset += segment.text.length
    return { ...segment, start }
  })
  return (
    <>
      {keyed.map((segment) =>
        segment.match ? (
          <mark
            key={segment.start}
            className="rounded-sm bg-amber-200 text-zinc-950 dark:bg-amber-700 dark:text-white"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </>
  )
}
