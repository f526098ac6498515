import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo, useState } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useAddItems } from '~/features/groups/groups.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { libraryQuery } from '../library.queries'
import { EntryList } from './entry-list'
import { type EntrySort, rowFromLibraryEntry } from './entry-list-model'

/** "From your library": entries not yet in this group, picked with the shared list. */
export function FromLibrary(props: { groupId: string; groupName: string; onAdded: () => void }) {
  const { t } = useI18n()
  const plural = usePlural()
  const [kind, setKind] = useState<'channel' | 'anime'>('channel')
  const [sort, setSort] = useState<EntrySort>('name')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const library = useQuery(libraryQuery(kind))
  const addItems = useAddItems()
  const rows = useMemo(
    () =>
      (library.data?.entries ?? [])
        .filter((entry) => !entry.groupIds.includes(props.groupId))
        .map(rowFromLibraryEntry),
    [library.data, props.groupId],
  )
  const choose = (next: 'channel' | 'anime') => {
    setKind(next)
    setSelected(new Set())
  }
  const ids = rows.filter((row) => selected.has(row.id)).map((row) => row.id)
  const onAdd = () => {
    if (ids.length === 0) return
    // Optimistic: the group page shows them at once; a refusal rolls back with a toast.
    addItems.mutate({ groupId: props.groupId, entryIds: ids })
    setSelected(new Set())
    props.onAdded()
  }
  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('library.add.kind')}</legend>
        {(['channel', 'anime'] as const).map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded-md border border-zinc-200 px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-strong has-focus-visible:outline-2 has-focus-visible:outline-primary dark:border-zinc-700 dark:has-checked:bg-zinc-800 dark:has-checked:text-white"
          >
            <input
              type="radio"
              name="library-kind"
              value={value}
              checked={kind === value}
              onChange={() => choose(value)}
              className="sr-only"
            />
            {t(value === 'channel' ? 'library.add.kind.channels' : 'library.add.kind.animes')}
          </label>
        ))}
      </fieldset>
      {library.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.loading')}</p>
      ) : library.error ? (
        <FormAlert tone="error">{t('library.loadFailed')}</FormAlert>
      ) : (
        <EntryList
          rows={rows}
          kind={kind}
          label={t(kind === 'channel' ? 'library.add.pickChannels' : 'library.add.pickAnimes')}
          sort={sort}
          sorts={['name', 'added', 'subscribers']}
          onSortChange={setSort}
          selected={selected}
          onSelectedChange={setSelected}
          maxHeight="min(55vh, 36rem)"
          empty={<EmptyNote>{t('library.add.libraryEmpty')}</EmptyNote>}
        />
      )}
      <Button onClick={onAdd} disabled={ids.length === 0} className="justify-self-start">
        {plural(
          { one: 'library.add.addPicked.one', other: 'library.add.addPicked.other' },
          ids.length,
        )}
      </Button>
    </div>
  )
}

function EmptyNote(props: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {props.children}
    </p>
  )
}
