import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { GroupPicker } from '~/features/groups/components/group-picker'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { entryQuery, useSetEntryGroups } from '../library.queries'
import { BackLink, libraryPath } from './entry-edit-form'

export function ChangeGroupsPage(props: { id: string }) {
  const { t } = useI18n()
  const { data: entry } = useSuspenseQuery(entryQuery(props.id))
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <BackLink kind={entry.kind} />
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {t('library.changeGroups.title', { title: entry.title })}
        </h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('library.changeGroups.intro')}</p>
      </div>
      <ChangeGroupsForm id={props.id} />
    </div>
  )
}

/**
 * `…/change-group/{id}/`: every group the entry should be in, as checkboxes
 * in the tree. Saving shows the new chips at once and rolls back on refusal.
 */
export function ChangeGroupsForm(props: { id: string }) {
  const { t } = useI18n()
  const plural = usePlural()
  const navigate = useNavigate()
  const { data: entry } = useSuspenseQuery(entryQuery(props.id))
  const setGroups = useSetEntryGroups()
  // The set the form was read from, its version: a background refetch must not move it.
  const [readGroupIds] = useState(entry.groupIds)
  const [groupIds, setGroupIds] = useState<string[]>(readGroupIds)
  const back = libraryPath(entry.kind)
  const unchanged =
    groupIds.length === readGroupIds.length && groupIds.every((id) => readGroupIds.includes(id))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setGroups.mutate({ id: entry.id, groupIds, readGroupIds })
    void navigate({ to: back })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-3xl gap-5">
      <div className="flex items-center gap-3">
        <EntryAvatar
          id={entry.id}
          title={entry.title}
          imageUrl={entry.imageUrl}
          kind={entry.kind}
        />
        <div className="grid min-w-0">
          <span className="truncate font-medium">{entry.title}</span>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {groupIds.length === 0
              ? t('library.changeGroups.none')
              : plural(
                  {
                    one: 'library.changeGroups.count.one',
                    other: 'library.changeGroups.count.other',
                  },
                  groupIds.length,
                )}
          </span>
        </div>
      </div>
      <GroupPicker
        mode="multi"
        value={groupIds}
        onChange={setGroupIds}
        label={t('library.changeGroups.label')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={unchanged}>
          {t('library.changeGroups.save')}
        </Button>
        <Button variant="secondary" asChild>
          <Link to={back}>{t('library.edit.cancel')}</Link>
        </Button>
      </div>
    </form>
  )
}
