import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { EntryAvatar } from '~/components/ui/entry-avatar'

/** A channel in a short ranked list (top channels, top growers), linking to its page. */
export function ChannelLinkRow(props: {
  entryId: string
  title: string
  avatarUrl: string | null
  /** The figure on the right. */
  children: ReactNode
}) {
  return (
    <Link
      to="/dashboard/channels/$id/"
      params={{ id: props.entryId }}
      className="flex items-center gap-3 rounded-lg p-2 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-zinc-900"
    >
      <EntryAvatar
        id={props.entryId}
        kind="channel"
        title={props.title}
        imageUrl={props.avatarUrl}
        size="sm"
      />
      <span className="min-w-0 flex-1 truncate font-medium">{props.title}</span>
      <span className="shrink-0 text-right text-sm whitespace-nowrap tabular-nums text-zinc-700 dark:text-zinc-300">
        {props.children}
      </span>
    </Link>
  )
}
