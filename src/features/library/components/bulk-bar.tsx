import { useQueryClient } from '@tanstack/react-query'
import { Copy, FolderInput, FolderMinus, FolderPlus, Trash2, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { GroupPicker, usePickerTree } from '~/features/groups/components/group-picker'
import { useUndoToast } from '~/features/groups/components/undo-toast'
import {
  useAddItemsWithUndo,
  useMoveItemsWithUndo,
} from '~/features/groups/components/use-item-moves'
import { useRemoveItems } from '~/features/groups/groups.queries'
import { putItemsBackAndRefresh } from '~/features/groups/undo.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { type PluralKeys, usePlural } from '~/lib/i18n/use-plural'
import { useRemoveEntries } from '../library.queries'

export type BulkScreen =
  | {
      type: 'group'
      groupId: string
      groupName: string
      /** Shared with the reader: move and copy targets come from the shared subtree (items are the owner's). */
      shared?: boolean
    }
  | { type: 'library'; kind: 'channel' | 'anime' }

type PickAction = 'move' | 'copy' | 'add'
type ConfirmAction = 'removeFromGroup' | 'removeFromLibrary'

const PICK: Record<
  PickAction,
  { title: PluralKeys; description: MessageKey; confirm: MessageKey; button: MessageKey }
> = {
  move: {
    button: 'library.bulk.move',
    title: { one: 'library.bulk.moveTitle.one', other: 'library.bulk.moveTitle.other' },
    description: 'library.bulk.moveDescription',
    confirm: 'library.bulk.moveConfirm',
  },
  copy: {
    button: 'library.bulk.copy',
    title: { one: 'library.bulk.copyTitle.one', other: 'library.bulk.copyTitle.other' },
    description: 'library.bulk.copyDescription',
    confirm: 'library.bulk.copyConfirm',
  },
  add: {
    button: 'library.bulk.addToGroup',
    title: { one: 'library.bulk.addTitle.one', other: 'library.bulk.addTitle.other' },
    description: 'library.bulk.addDescription',
    confirm: 'library.bulk.addConfirm',
  },
}

/** In a group: move, copy, remove; in the library: add to a group, remove. Optimistic, rolled back on refusal. */
export function BulkBar(props: {
  screen: BulkScreen
  selectedIds: ReadonlySet<string>
  onClear: () => void
  /** Viewers of a shared group see the count but no actions. */
  readOnly?: boolean
}) {
  const { t } = useI18n()
  const plural = usePlural()
  const { screen, selectedIds } = props
  const count = selectedIds.size
  const [pick, setPick] = useState<PickAction | null>(null)
  const [confirm, setConfirm] = useState<ConfirmAction | null>(null)
  const moveItems = useMoveItemsWithUndo()
  const addItems = useAddItemsWithUndo()
  const removeItems = useRemoveItems()
  const removeEntries = useRemoveEntries()
  const undoToast = useUndoToast()
  const queryClient = useQueryClient()

  if (count === 0) return null
  const entryIds = [...selectedIds]
  const groupId = screen.type === 'group' ? screen.groupId : null

  const applyPick = (target: { id: string; name: string }) => {
    if (!pick) return
    if (pick === 'move' && groupId) {
      moveItems({ fromGroupId: groupId, toGroupId: target.id, entryIds })
    } else if (pick === 'copy' || pick === 'add') {
      // A copy adds the selection to the target and leaves it where it is.
      addItems({ groupId: target.id, groupName: target.name, entryIds })
    }
    setPick(null)
    props.onClear()
  }
  const applyConfirm = () => {
    if (confirm === 'removeFromGroup' && groupId) {
      const group = screen.type === 'group' ? screen.groupName : ''
      removeItems
        .mutateAsync({ groupId, entryIds })
        .then((result) => {
          if (result.placements.length === 0) return
          undoToast(
            plural(
              {
                one: 'library.bulk.removedFromGroup.one',
                other: 'library.bulk.removedFromGroup.other',
              },
              result.placements.length,
              { group },
            ),
            () => putItemsBackAndRefresh(queryClient, { groupId, items: result.placements }),
          )
        })
        .catch(() => {})
    }
    if (confirm === 'removeFromLibrary') removeEntries.mutate({ ids: entryIds })
    setConfirm(null)
    props.onClear()
  }
  const pickMeta = pick ? PICK[pick] : null

  return (
    <section
      aria-label={t('library.bulk.label')}
      className="sticky bottom-4 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-zinc-200 bg-white/95 p-2 pl-4 shadow-lg backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95"
    >
      <p className="mr-2 text-sm font-medium" aria-live="polite">
        {plural({ one: 'library.bulk.selected.one', other: 'library.bulk.selected.other' }, count)}
      </p>
      {props.readOnly ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.group.viewOnly')}</p>
      ) : screen.type === 'group' ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => setPick('move')}>
            <FolderInput aria-hidden size={16} />
            {t('library.bulk.move')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setPick('copy')}>
            <Copy aria-hidden size={16} />
            {t('library.bulk.copy')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirm('removeFromGroup')}>
            <FolderMinus aria-hidden size={16} />
            {t('library.bulk.removeFromGroup')}
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" size="sm" onClick={() => setPick('add')}>
            <FolderPlus aria-hidden size={16} />
            {t('library.bulk.addToGroup')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirm('removeFromLibrary')}>
            <Trash2 aria-hidden size={16} />
            {t('library.bulk.removeFromLibrary')}
          </Button>
        </>
      )}
      <Button variant="ghost" size="sm" onClick={props.onClear} className="ml-auto">
        <X aria-hidden size={16} />
        {t('library.bulk.clear')}
      </Button>

      <Dialog open={pick !== null} onOpenChange={(open) => (open ? null : setPick(null))}>
        {pickMeta ? (
          <DialogContent className="max-w-xl">
            <DialogTitle className="text-lg font-semibold">
              {plural(pickMeta.title, count)}
            </DialogTitle>
            <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
              {t(pickMeta.description)}
            </DialogDescription>
            <PickTarget
              sharedFrom={screen.type === 'group' && screen.shared ? screen.groupId : null}
              currentGroupId={groupId}
              button={pickMeta.button}
              confirm={pickMeta.confirm}
              onPick={applyPick}
            />
          </DialogContent>
        ) : null}
      </Dialog>

      <Dialog open={confirm !== null} onOpenChange={(open) => (open ? null : setConfirm(null))}>
        {confirm ? (
          <DialogContent role="alertdialog">
            <DialogTitle className="text-lg font-semibold">
              {confirm === 'removeFromGroup'
                ? plural(
                    {
                      one: 'library.bulk.removeFromGroupTitle.one',
                      other: 'library.bulk.removeFromGroupTitle.other',
                    },
                    count,
                    { group: screen.type === 'group' ? screen.groupName : '' },
                  )
                : plural(
                    {
                      one: 'library.bulk.removeFromLibraryTitle.one',
                      other: 'library.bulk.removeFromLibraryTitle.other',
                    },
                    count,
                  )}
            </DialogTitle>
            <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
              {confirm === 'removeFromGroup'
                ? t('library.bulk.removeFromGroupDescription')
                : t('library.bulk.removeFromLibraryDescription')}
            </DialogDescription>
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="secondary">{t('library.bulk.cancel')}</Button>
              </DialogClose>
              <Button variant="danger" onClick={applyConfirm}>
                {confirm === 'removeFromGroup'
                  ? t('library.bulk.removeFromGroupConfirm')
                  : t('library.bulk.removeFromLibraryConfirm')}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  )
}

/** Mounted with the dialog, so a shared group's tree is only fetched when asked for. */
function PickTarget(props: {
  /** A shared group: targets come from the subtree shared through it (null: own tree). */
  sharedFrom: string | null
  /** The group the selection is in (not a target), when on a group page. */
  currentGroupId: string | null
  button: MessageKey
  confirm: MessageKey
  onPick: (target: { id: string; name: string }) => void
}) {
  const { t } = useI18n()
  const { tree, isError } = usePickerTree(props.sharedFrom)
  const [target, setTarget] = useState<string | null>(null)
  const targetName = tree?.groups.find((group) => group.id === target)?.name ?? ''
  return (
    <>
      {tree ? (
        <GroupPicker
          mode="single"
          nodes={tree.groups}
          value={target}
          onChange={setTarget}
          disabledIds={props.currentGroupId ? [props.currentGroupId] : []}
          label={t('library.bulk.pickGroup')}
        />
      ) : (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {isError ? t('library.loadFailed') : t('library.loading')}
        </p>
      )}
      {tree?.root ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('shared.picker.within', { root: tree.root.name })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{t('library.bulk.cancel')}</Button>
        </DialogClose>
        <Button
          onClick={() => target && props.onPick({ id: target, name: targetName })}
          disabled={!target}
        >
          {target ? t(props.confirm, { group: targetName }) : t(props.button)}
        </Button>
      </div>
    </>
  )
}
