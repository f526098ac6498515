import { useEffect, useRef } from 'react'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { CheckState } from './entry-list-model'
import { COLUMN_CLASS, type Columns } from './entry-list-row'

/** The list's header row: select all (checked, mixed or not), then the column names. */
export function EntryListHead(props: {
  columns: Columns
  checkState: CheckState
  selectAllDisabled: boolean
  onSelectAll: (checked: boolean) => void
}) {
  const { t } = useI18n()
  const headerCheckbox = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = props.checkState === 'some'
  }, [props.checkState])
  return (
    <thead className="block">
      <tr
        aria-rowindex={1}
        className="flex h-11 items-center gap-3 border-b border-zinc-200 bg-zinc-50 px-3 text-left text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
      >
        <th scope="col" className="grid w-6 shrink-0 place-items-center font-medium">
          <input
            ref={headerCheckbox}
            type="checkbox"
            aria-label={t('library.list.selectAll')}
            checked={props.checkState === 'all'}
            disabled={props.selectAllDisabled}
            onChange={(event) => props.onSelectAll(event.currentTarget.checked)}
            className="size-4 cursor-pointer accent-primary"
          />
        </th>
        {props.columns.showReorder ? (
          <th scope="col" className="w-6 shrink-0 font-medium">
            <span className="sr-only">{t('library.list.col.order')}</span>
          </th>
        ) : null}
        <th scope="col" className="min-w-0 flex-1 font-medium">
          {t('library.list.col.name')}
        </th>
        {props.columns.showSubscribers ? (
          <th scope="col" className={cn(COLUMN_CLASS.subscribers, 'text-right font-medium')}>
            {t('library.list.col.subscribers')}
          </th>
        ) : null}
        {props.columns.showGroups ? (
          <th scope="col" className={cn(COLUMN_CLASS.groups, 'font-medium')}>
            {t('library.list.col.groups')}
          </th>
        ) : null}
        {props.columns.showTags ? (
          <th scope="col" className={cn(COLUMN_CLASS.tags, 'font-medium')}>
            {t('library.list.col.tags')}
          </th>
        ) : null}
        <th scope="col" className={cn(COLUMN_CLASS.added, 'font-medium')}>
          {t('library.list.col.added')}
        </th>
        {props.columns.hasActions ? (
          <th scope="col" className="w-20 shrink-0 font-medium">
            <span className="sr-only">{t('library.list.col.actions')}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  )
}
