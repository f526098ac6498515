import { Link, useNavigate } from '@tanstack/react-router'
import { FolderInput, FolderPlus, MoreHorizontal, Pencil, Plus, Trash2, Upload } from 'lucide-react'
import { type ReactNode, useState } from 'react'
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
  const edit = () => navigate({ to: '/dashboard/groups/$id/edit/', params: { id: group.id } })
  const importHere = () => navigate({ to: '/dashboard/import/', search: { parentId: group.id } })
  // Imports fill the reader's own library and tree: the owner's tool.
  const hasMore = canRestructure || isOwner
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
        {hasMore ? (
          <div className="hidden @5xl:contents">
            {canRestructure ? (
              <>
                <Link
                  to="/dashboard/groups/$id/edit/"
                  params={{ id: group.id }}
                  className={buttonClassName('secondary', 'sm')}
                >
                  <Pencil aria-hidden size={16} />
                  {t('library.group.edit')}
                </Link>
                <Button variant="secondary" size="sm" onClick={() => setDialog('move')}>
                  <FolderInput aria-hidden size={16} />
                  {t('library.group.move')}
                </Button>
              </>
            ) : null}
            {isOwner ? (
              <Link
                to="/dashboard/import/"
                search={{ parentId: group.id }}
                className={buttonClassName('secondary', 'sm')}
              >
                <Upload aria-hidden size={16} />
                {t('transfer.import.here')}
              </Link>
            ) : null}
            {canRestructure ? (
              <Button variant="secondary" size="sm" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden size={16} />
                {t('library.group.delete')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {hasMore ? (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" size="sm" className="@5xl:hidden">
                <MoreHorizontal aria-hidden size={16} />
                {t('library.group.more')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              {canRestructure ? (
                <>
                  <DropdownMenuItem onSelect={edit}>
                    <Pencil aria-hidden size={16} />
                    {t('library.group.edit')}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setDialog('move')}>
                    <FolderInput aria-hidden size={16} />
                    {t('library.group.move')}
                  </DropdownMenuItem>
                </>
              ) : null}
              {isOwner ? (
                <DropdownMenuItem onSelect={importHere}>
                  <Upload aria-hidden size={16} />
                  {t('transfer.import.here')}
                </DropdownMenuItem>
              ) : null}
              {canRestructure ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    onSelect={() => setDialog('delete')}
                    className="text-red-700 dark:text-red-400"
                  >
                    <Trash2 aria-hidden size={16} />
                    {t('library.group.delete')}
                  </DropdownMenuItem>
                </>
              ) : null}
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
