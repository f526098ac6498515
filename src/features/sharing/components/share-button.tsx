import { Link } from '@tanstack/react-router'
import { Share2 } from 'lucide-react'
import { buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'

/** The way into a group's share screen; show it to the owner only (the screen is theirs). */
export function ShareButton(props: {
  groupId: string
  size?: 'sm' | 'md'
  variant?: 'primary' | 'secondary'
  className?: string
}) {
  const { t } = useI18n()
  return (
    <Link
      to="/dashboard/groups/$id/share/"
      params={{ id: props.groupId }}
      className={cn(
        buttonClassName(props.variant ?? 'secondary', props.size ?? 'sm'),
        props.className,
      )}
    >
      <Share2 aria-hidden size={16} />
      {t('sharing.button')}
    </Link>
  )
}
