import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArchiveRestore, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { restoreFromTrash, trashQuery, usePurgeGroup } from '../trash.queries'
import { daysLeft, TRASH_KEEP_DAYS, type TrashedGroup } from '../trash.schemas'

/**
 * The trash on `/dashboard/settings/groups/`: deleted groups with where they
 * were, what they hold, when they were deleted and how long they stay; each
 * restorable in one click or deleted for good after a confirmation.
 */
export function TrashSection() {
  const { t } = useI18n()
  const trash = useQuery(trashQuery())
  const errorText = useErrorText()
  const [purging, setPurging] = useState<TrashedGroup | null>(null)
  return (
    <section aria-labelledby="group-trash-title" className="grid max-w-2xl gap-3">
      <div>
        <h3 id="group-trash-title" className="text-lg font-semibold">
          {t('groups.trash.title')}
        </h3>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('groups.trash.subtitle', { days: TRASH_KEEP_DAYS })}
        </p>
      </div>
      {trash.data ? (
        trash.data.length === 0 ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('groups.trash.empty')}</p>
        ) : (
          <ul
            aria-labelledby="group-trash-title"
            className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          >
            {trash.data.map((row) => (
              <TrashRow key={row.id} row={row} onPurge={() => setPurging(row)} />
            ))}
          </ul>
        )
      ) : trash.isError ? (
        <p className="text-sm">{errorText(trash.error)}</p>
      ) : (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('groups.trash.loading')}
        </p>
      )}
      <PurgeDialog row={purging} onClose={() => setPurging(null)} />
    </section>
  )
}

function TrashRow(props: { row: TrashedGroup; onPurge: () => void }) {
  const { row } = props
  const { t, formatDate } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const left = daysLeft(row.purgeAt, new Date())
  // The buttons say what they do; the name they act on describes them.
  const nameId = `trash-name-${row.id}`
  const restore = async () => {
    setBusy(true)
    try {
      const restored = await restoreFromTrash(queryClient, { id: row.id })
      toast.success(
        t(restored.movedToTop ? 'groups.trash.restoredTop' : 'groups.trash.restored', {
          name: row.name,
        }),
      )
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }
  const facts = [
    row.path.length > 0
      ? t('groups.trash.in', { path: row.path.join(' / ') })
      : t('groups.trash.topLevel'),
    row.subgroupCount > 0
      ? plural(
          { one: 'groups.trash.subgroups.one', other: 'groups.trash.subgroups.other' },
          row.subgroupCount,
        )
      : null,
    plural({ one: 'groups.trash.items.one', other: 'groups.trash.items.other' }, row.itemCount),
    t('groups.trash.deletedOn', { date: formatDate(new Date(row.trashedAt)) }),
    left > 1
      ? plural({ one: 'groups.trash.daysLeft.one', other: 'groups.trash.daysLeft.other' }, left)
      : t('groups.trash.lastDay'),
  ].filter((fact) => fact !== null)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p id={nameId} className="break-words font-medium">
          {row.name}
        </p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{facts.join(' · ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={restore}
          disabled={busy}
          aria-describedby={nameId}
        >
          <ArchiveRestore aria-hidden size={14} />
          {busy ? t('groups.trash.restoring') : t('groups.trash.restore')}
        </Button>
        <Button variant="ghost" size="sm" onClick={props.onPurge} aria-describedby={nameId}>
          <Trash2 aria-hidden size={14} />
          {t('groups.trash.purge')}
        </Button>
      </div>
    </li>
  )
}

function PurgeDialog(props: { row: TrashedGroup | null; onClose: () => void }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const purge = usePurgeGroup()
  const row = props.row
  const confirm = () => {
    if (!row) return
    purge.mutate(
      { id: row.id },
      {
        onSuccess: () => {
          toast.success(t('groups.trash.purged', { name: row.name }))
          props.onClose()
        },
        onError: (error) => toast.error(errorText(error)),
      },
    )
  }
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose()
      }}
      title={row ? t('groups.trash.purgeTitle', { name: row.name }) : ''}
      description={t('groups.trash.purgeBody')}
      confirmLabel={t('groups.trash.purge')}
      pendingLabel={t('groups.trash.purging')}
      pending={purge.isPending}
      onConfirm={confirm}
    />
  )
}
