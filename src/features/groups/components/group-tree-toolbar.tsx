import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { GroupSearchBox } from './group-search-box'

/** Above the tree: its search (with the number of matches), expand all and collapse all. */
export function GroupTreeToolbar(props: {
  query: string
  onQueryChange: (query: string) => void
  /** Arrow down in the search box: to the first row. */
  onArrowDown: (() => void) | null
  searching: boolean
  matchCount: number
  onExpandAll: (expanded: boolean) => void
}) {
  const { t } = useI18n()
  const plural = usePlural()
  const { searching, onArrowDown } = props
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <GroupSearchBox
          label={t('groups.tree.search')}
          value={props.query}
          onChange={props.onQueryChange}
          className="min-w-56 flex-1"
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && onArrowDown) {
              event.preventDefault()
              onArrowDown()
            }
          }}
        />
        <Button variant="secondary" onClick={() => props.onExpandAll(true)} disabled={searching}>
          <ChevronsUpDown aria-hidden size={16} />
          {t('groups.tree.expandAll')}
        </Button>
        <Button variant="secondary" onClick={() => props.onExpandAll(false)} disabled={searching}>
          <ChevronsDownUp aria-hidden size={16} />
          {t('groups.tree.collapseAll')}
        </Button>
      </div>

      <p aria-live="polite" className={cn('text-sm', searching ? '' : 'sr-only')}>
        {searching && props.matchCount > 0
          ? plural(
              { one: 'groups.tree.matches.one', other: 'groups.tree.matches.other' },
              props.matchCount,
            )
          : ''}
      </p>
    </>
  )
}
