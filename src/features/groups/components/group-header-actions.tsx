import { Link, useNavigate } from '@tanstack/react-router'
import { FolderInput, FolderPlus, MoreHorizontal, Pencil, Plus, Trash2, Upload } from 'lucide-react'
import { type ComponentType, Fragment, type ReactNode, useState } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupDetail } from '../groups.schemas'
import { DeleteGroupDialog } from './delete-group-dialog'
import { MoveGroupDialog } from './move-group-dialog'

/** An action shown inline on a wide bar and in "More" on a narrow one. */
type FoldedAction = {
  label: string
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
  run: () => void
  danger?: boolean
}

/**
 * The group page's action bar. Adding, a subgroup, export and sharing stay in
 * sight; edit, move, import and delete sit inline when the bar is wide (an
 * `@container`, so the sidebar counts) and in a "More" menu when it is not,
 * so no button ever wraps onto a line of its own.
 */
export function GroupHeaderActions(props: { detail: GroupDetail; actions: ReactNode }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const { group, role, ancestors } = props.detail
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null)
  const isOwner = role === 'owner'
  const canEdit = role !== 'viewer'
  // Rename, move and delete: the owner, or an editor below their grant (never the shared group itself).
  const canRestructure = canEdit && props.detail.canRestructure
  const parentId = ancestors.at(-1)?.id ?? null
  // Imports fill the reader's own library and tree: the owner's tool.
  const folded: FoldedAction[] = [
    ...(canRestructure
      ? [
          {
            label: t('library.group.edit'),
            icon: Pencil,
            run: () => navigate({ to: '/dashboard/groups/$id/edit/', params: { id: group.id } }),
          },
          { label: t('library.group.move'), icon: FolderInput, run: () => setDialog('move') },
        ]
      : []),
    ...(isOwner
      ? [
          {
            label: t('transfer.import.here'),
            icon: Upload,
            run: () => navigate({ to: '/dashboard/import/', search: { parentId: group.id } }),
          },
        ]
      : []),
    ...(canRestructure
      ? [
          {
            label: t('library.group.delete'),
            icon: Trash2,
            run: () => setDialog('delete'),
            danger: true,
          },
        ]
      : []),
  ]
  return (
    <div className="@container">
      <div className="flex flex-wrap gap-2">
        {canEdit ? (
          <>
            <Link
              to="/dashboard/groups/$id/add-channel/"
              params={{ id: group.id }}
              className={buttonClassName('primary', 'sm')}
            >
              <Plus aria-hidden size={16} />
              {t('library.group.addChannels')}
            </Link>
            <Link
              to="/dashboard/groups/new/"
              search={{ parentId: group.id }}
              className={buttonClassName('secondary', 'sm')}
            >
              <FolderPlus aria-hidden size={16} />
              {t('library.group.newSubgroup')}
            </Link>
          </>
        ) : null}
        {props.actions}
        {folded.length > 0 ? (
          <div className="hidden @5xl:contents">
            {folded.map((action) => (
              <Button key={action.label} variant="secondary" size="sm" onClick={action.run}>
                <action.icon aria-hidden size={16} />
                {action.label}
              </Button>
            ))}
          </div>
        ) : null}
        {folded.length > 0 ? (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" size="sm" className="@5xl:hidden">
                <MoreHorizontal aria-hidden size={16} />
                {t('library.group.more')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              {folded.map((action) => (
                <Fragment key={action.label}>
                  {action.danger ? <DropdownMenuSeparator /> : null}
                  <DropdownMenuItem
                    onSelect={action.run}
                    className={action.danger ? 'text-red-700 dark:text-red-400' : undefined}
                  >
                    <action.icon aria-hidden size={16} />
                    {action.label}
                  </DropdownMenuItem>
                </Fragment>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      {canRestructure ? (
        <MoveGroupDialog
          group={group}
          shared={!isOwner}
          open={dialog === 'move'}
          onOpenChange={(open) => setDialog(open ? 'move' : null)}
        />
      ) : null}
      {canRestructure ? (
        <DeleteGroupDialog
          group={group}
          open={dialog === 'delete'}
          onOpenChange={(open) => setDialog(open ? 'delete' : null)}
          onDeleted={() =>
            parentId
              ? navigate({ to: '/dashboard/groups/$id/', params: { id: parentId } })
              : navigate({ to: '/dashboard/groups/' })
          }
        />
      ) : null}
    </div>
  )
}
