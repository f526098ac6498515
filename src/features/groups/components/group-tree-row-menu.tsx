import { useNavigate } from '@tanstack/react-router'
import { FolderOpen, FolderPlus, MoreHorizontal, MoveRight, Pencil, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupNode } from '../groups.schemas'

/** A row's actions: open, add a subgroup, edit, move, delete. */
export function GroupRowMenu(props: {
  node: GroupNode
  label: string
  open: boolean
  canNest: boolean
  onOpenChange: (open: boolean) => void
  onMove: () => void
  onDelete: () => void
}) {
  const { t } = useI18n()
  const navigate = useNavigate()
  return (
    // Not modal: a row's menu need not hide the rest of the page from assistive technology.
    <DropdownMenu modal={false} open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={props.label} className="size-8 shrink-0">
          <MoreHorizontal aria-hidden size={16} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem
          onSelect={() => navigate({ to: '/dashboard/groups/$id/', params: { id: props.node.id } })}
        >
          <FolderOpen aria-hidden size={16} />
          {t('groups.menu.open')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!props.canNest}
          onSelect={() =>
            navigate({ to: '/dashboard/groups/new/', search: { parentId: props.node.id } })
          }
        >
          <FolderPlus aria-hidden size={16} />
          {t('groups.menu.addSubgroup')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            navigate({ to: '/dashboard/groups/$id/edit/', params: { id: props.node.id } })
          }
        >
          <Pencil aria-hidden size={16} />
          {t('groups.menu.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onMove}>
          <MoveRight aria-hidden size={16} />
          {t('groups.menu.move')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={props.onDelete} className="text-red-700 dark:text-red-400">
          <Trash2 aria-hidden size={16} />
          {t('groups.menu.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
