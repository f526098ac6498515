import { Check, Play } from 'lucide-react'
import { useId, useMemo } from 'react'
import { relativeTimeParts } from '~/features/groups/components/activity-text'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { FeedVideo } from '../feed.schemas'

/** "3 days ago" in the reader's language (the exact date is the title). */
export function useRelativeTime() {
  const { locale } = useI18n()
  const tag = LOCALE_TAGS[locale]
  const format = useMemo(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }), [tag])
  return (iso: string) => {
    const parts = relativeTimeParts(new Date(iso), new Date())
    return format.format(parts.value, parts.unit)
  }
}

export function ShortBadge(props: { className?: string }) {
  const { t } = useI18n()
  return (
    <span
      className={cn(
        'rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white',
        props.className,
      )}
    >
      {t('feed.card.short')}
    </span>
  )
}

/**
 * One upload: the thumbnail opens the player, the toggle marks it watched
 * (aria-pressed), "New" when it came out after the reader's previous visit.
 */
export function VideoCard(props: {
  video: FeedVideo
  isNew: boolean
  onPlay: () => void
  onToggleWatched: () => void
}) {
  const { t, formatDate } = useI18n()
  const relative = useRelativeTime()
  const titleId = useId()
  const { video } = props
  return (
    <article
      aria-labelledby={titleId}
      data-video-id={video.id}
      className="group grid content-start gap-2 rounded-xl border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="relative">
        <button
          type="button"
          onClick={props.onPlay}
          aria-label={t('feed.card.play', { title: video.title })}
          className="relative block aspect-video w-full overflow-hidden rounded-lg bg-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-800"
        >
          {video.thumbnailUrl ? (
            <img
              src={video.thumbnailUrl}
              alt=""
              loading="lazy"
              decoding="async"
              // Watched ones fade in the picture only: the text keeps its contrast.
              className={cn('size-full object-cover', video.watched && 'opacity-60')}
            />
          ) : null}
          <span
            aria-hidden
            className="absolute inset-0 grid place-items-center bg-zinc-950/0 opacity-0 transition-opacity group-hover:bg-zinc-950/30 group-hover:opacity-100 motion-reduce:transition-none"
          >
            <Play size={36} className="text-white drop-shadow" />
          </span>
        </button>
        {/* Outside the button: its name stays "Play …", and the card still says Short. */}
        {video.isShort ? (
          <ShortBadge className="pointer-events-none absolute top-2 left-2" />
        ) : null}
      </div>
      <div className="grid gap-1 px-1">
        <h3 id={titleId} className="line-clamp-2 text-sm font-semibold leading-snug">
          {video.title}
        </h3>
        <div className="flex min-w-0 items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
          {video.channelAvatarUrl ? (
            <img src={video.channelAvatarUrl} alt="" className="size-5 shrink-0 rounded-full" />
          ) : null}
          <span className="truncate">{video.channelTitle}</span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <time
              dateTime={video.publishedAt}
              title={formatDate(new Date(video.publishedAt))}
              suppressHydrationWarning
            >
              {relative(video.publishedAt)}
            </time>
            {props.isNew ? (
              <span className="rounded-full bg-blue-100 px-2 py-0.5 font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200">
                {t('feed.card.new')}
              </span>
            ) : null}
          </div>
          <button
            type="button"
            aria-pressed={video.watched}
            aria-label={t('feed.card.markWatched', { title: video.title })}
            onClick={props.onToggleWatched}
            className={cn(
              'inline-flex h-8 items-center gap-1 rounded-lg px-2 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              video.watched
                ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200'
                : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
            )}
          >
            <Check aria-hidden size={14} />
            {t('feed.card.watched')}
          </button>
        </div>
      </div>
    </article>
  )
}
