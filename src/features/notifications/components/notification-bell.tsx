import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { Button, buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { digestNoticeText, teamEventText } from '../notice-text'
import {
  inboxQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
} from '../notifications.queries'
import type { InboxItem } from '../notifications.schemas'
import { groupFeedPath } from '../push-payload'

/** Where a notice leads: the group's feed for uploads, the group for team events, else nowhere. */
function linkOf(item: InboxItem): string | null {
  if (!item.groupId) return null
  if (item.notice.type === 'team') {
    return item.notice.line.groupId ? `/dashboard/groups/${item.notice.line.groupId}/` : null
  }
  return groupFeedPath(item.groupId)
}

/**
 * The header's bell: the latest notices (pushes, digests, team events) and
 * the unread count. Opening it marks what it shows as read. It polls slowly
 * and on focus, never per render.
 */
export function NotificationBell() {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  const inbox = useQuery(inboxQuery())
  const markRead = useMarkNotificationsRead()
  const markAll = useMarkAllNotificationsRead()
  const unread = inbox.data?.unread ?? 0
  const items = inbox.data?.items ?? []

  function summary(item: InboxItem): string {
    const notice = item.notice
    switch (notice.type) {
      case 'uploads':
        return t('notify.inbox.uploadsPush', {
          count: formatNumber(notice.count),
          group: notice.groupName,
        })
      case 'digest':
        return digestNoticeText(plural, notice)
      case 'team':
        return teamEventText(t, notice.line)
      case 'other':
        return t('notify.inbox.other', { group: notice.groupName ?? t('notify.inbox.aGroup') })
    }
  }

  function opened(open: boolean) {
    if (!open) return
    void inbox.refetch()
    const ids = items.filter((item) => !item.read).map((item) => item.id)
    if (ids.length > 0) markRead.mutate(ids)
  }

  const label =
    unread > 0
      ? t('notify.bell.openUnread', { count: formatNumber(unread) })
      : t('notify.bell.open')
  return (
    <>
      <button
        type="button"
        popoverTarget="notification-bell"
        aria-label={label}
        className={cn(buttonClassName('ghost', 'icon'), 'relative')}
      >
        <Bell aria-hidden size={18} />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="bell-badge"
            className="absolute top-1 right-1 grid min-w-4 place-items-center rounded-full bg-red-700 px-1 text-[0.65rem] leading-4 font-semibold text-white"
          >
            {unread > 99 ? '99+' : formatNumber(unread)}
          </span>
        ) : null}
      </button>
      <div
        id="notification-bell"
        popover="auto"
        role="dialog"
        aria-label={t('notify.bell.open')}
        onToggle={(event) => opened(event.newState === 'open')}
        className={cn(
          'fixed inset-auto top-18 right-4 m-0 w-96 max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-200 bg-white p-2 text-zinc-900 shadow-lg',
          'dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
        )}
      >
        {items.length === 0 ? (
          <p className="p-3 text-sm text-zinc-700 dark:text-zinc-300">{t('notify.bell.empty')}</p>
        ) : (
          <ul className="grid max-h-96 gap-1 overflow-y-auto">
            {items.map((item) => {
              const href = linkOf(item)
              const text = summary(item)
              return (
                <li
                  key={item.id}
                  className="rounded-lg p-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800"
                >
                  <div className="flex items-start gap-2">
                    {item.read ? null : (
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                        <span className="sr-only">{t('notify.bell.unreadMark')}</span>
                      </span>
                    )}
                    <div className="grid min-w-0 gap-0.5">
                      {href ? (
                        <a
                          href={href}
                          className="font-medium break-words underline-offset-2 hover:underline"
                        >
                          {text}
                        </a>
                      ) : (
                        <span className="font-medium break-words">{text}</span>
                      )}
                      <time
                        dateTime={item.createdAt}
                        className="text-xs text-zinc-600 dark:text-zinc-400"
                      >
                        {new Date(item.createdAt).toLocaleString()}
                      </time>
                    </div>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
        <div className="mt-2 flex items-center justify-between gap-2 border-t border-zinc-200 pt-2 dark:border-zinc-800">
          <Link to="/dashboard/settings/notifications/" className={buttonClassName('ghost', 'sm')}>
            {t('notify.bell.settings')}
          </Link>
          {unread > 0 ? (
            <Button variant="secondary" size="sm" onClick={() => markAll.mutate()}>
              {t('notify.bell.markAll')}
            </Button>
          ) : null}
        </div>
      </div>
    </>
  )
}
