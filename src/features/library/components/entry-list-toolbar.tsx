import { Search } from 'lucide-react'
import { type ChangeEvent, type ReactNode, useId } from 'react'
import { Input, Select } from '~/components/ui/field'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { usePlural } from '~/lib/i18n/use-plural'
import type { EntrySort } from './entry-list-model'

const SORT_LABELS: Record<EntrySort, MessageKey> = {
  manual: 'library.sort.manual',
  name: 'library.sort.name',
  added: 'library.sort.added',
  subscribers: 'library.sort.subscribers',
}

/** Above the list: search as you type, the sort, and the screen's own controls (`extra`). */
export function EntryListToolbar(props: {
  query: string
  onQueryChange: (query: string) => void
  sort: EntrySort
  sorts: readonly EntrySort[]
  onSortChange: (sort: EntrySort) => void
  /** Only part of the list is there: sorting waits for the rest. */
  partial: boolean
  extra?: ReactNode
}) {
  const { t } = useI18n()
  const searchId = useId()
  const sortId = useId()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-48 flex-1 gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t('library.list.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            size={16}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500"
          />
          <Input
            id={searchId}
            type="search"
            value={props.query}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('library.list.searchPlaceholder')}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              props.onQueryChange(event.target.value)
            }
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={sortId} className="text-sm font-medium">
          {t('library.list.sort')}
        </label>
        <Select
          id={sortId}
          value={props.sort}
          disabled={props.partial}
          onChange={(event) => {
            const next = props.sorts.find((value) => value === event.target.value)
            if (next) props.onSortChange(next)
          }}
          className="w-auto min-w-40"
        >
          {props.sorts.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </Select>
      </div>
      {props.extra}
    </div>
  )
}

/** The line under the toolbar: how many entries (or how many match), the loading state, the reorder hint. */
export function EntryListStatus(props: {
  /** Entries shown after the search. */
  shown: number
  /** Entries the list has. */
  loaded: number
  filtered: boolean
  partial?: { total: number; failed: boolean; onRetry: () => void }
  /** The manual order's hint, when the list has one; `on` while reordering is possible. */
  reorder: { hintId: string; on: boolean } | null
}) {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  const { partial } = props
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
      {partial ? (
        <>
          {t(partial.failed ? 'library.list.partialFailed' : 'library.list.partial', {
            shown: formatNumber(props.loaded),
            total: formatNumber(partial.total),
          })}
          {partial.failed ? (
            <button
              type="button"
              onClick={partial.onRetry}
              className="ml-2 font-medium text-primary-strong underline underline-offset-2 dark:text-(--accent-300)"
            >
              {t('error.retry')}
            </button>
          ) : null}
        </>
      ) : props.filtered ? (
        t('library.list.filtered', {
          shown: formatNumber(props.shown),
          total: formatNumber(props.loaded),
        })
      ) : (
        plural({ one: 'library.list.count.one', other: 'library.list.count.other' }, props.shown)
      )}
      {props.reorder ? (
        <span id={props.reorder.hintId} className="ml-2">
          {props.reorder.on ? t('library.list.reorderHint') : t('library.list.reorderOff')}
        </span>
      ) : null}
    </p>
  )
}
