import { Link } from '@tanstack/react-router'
import { LogOut, Settings } from 'lucide-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { initials } from '~/lib/avatar'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useSignOut } from '../auth.queries'
import type { SessionUser } from '../session.functions'

export function UserMenu(props: { user: SessionUser }) {
  const { t } = useI18n()
  const signOut = useSignOut()
  return (
    <DropdownMenu modal={false}>
      {/* The initials are decoration; the name a screen reader hears is the whole sentence. */}
      <DropdownMenuTrigger className="grid size-9 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-fg">
        <span aria-hidden>{initials(props.user.name)}</span>
        <span className="sr-only">{t('dashboard.userMenu', { name: props.user.name })}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="px-3 py-2">
          <p className="text-sm font-medium">{props.user.name}</p>
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{props.user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/settings/account/">
            <Settings aria-hidden size={16} />
            {t('dashboard.nav.settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden size={16} />
          {t('dashboard.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
