import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FilterX, ListVideo, RefreshCw, Tv } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { groupFeedQuery, useMarkGroupSeen, useMarkWatched } from '../feed.queries'
import { type FeedVideo, type FeedFilters as Filters, newThreshold } from '../feed.schemas'
import { FeedFilters } from './feed-filters'
import { VideoCard } from './video-card'
import { VideoPlayerDialog } from './video-player-dialog'

const NO_FILTERS: Filters = { hideShorts: false, hideWatched: false, channelId: null }

/** The Feed tab (`?tab=feed`): a fresh view per group, so filters and "new" start over. */
export function GroupFeed(props: { groupId: string }) {
  return <FeedView key={props.groupId} groupId={props.groupId} />
}

/** What counted as new when this visit began: later refetches must not move it. */
type Visit = { newSince: string | null; loadedAt: number }

function FeedView(props: { groupId: string }) {
  const { t } = useI18n()
  const plural = usePlural()
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [playing, setPlaying] = useState<FeedVideo | null>(null)
  const [visit, setVisit] = useState<Visit | null>(null)
  const feed = useInfiniteQuery({
    ...groupFeedQuery(props.groupId, filters),
    placeholderData: keepPreviousData,
  })
  const markWatched = useMarkWatched(props.groupId)
  const markSeen = useMarkGroupSeen()
  const first = feed.data?.pages[0]

  // Seen once the feed has shown, after its "new" markers were read.
  const seenSent = useRef(false)
  useEffect(() => {
    if (!first || seenSent.current) return
    seenSent.current = true
    setVisit({ newSince: first.newSince, loadedAt: Date.now() })
    markSeen.mutate({ groupId: props.groupId })
  }, [first, markSeen, props.groupId])

  const videos = feed.data?.pages.flatMap((page) => page.videos) ?? []
  const channels = first?.channels ?? []
  const pending = first?.pending ?? 0
  const threshold = visit ? newThreshold(visit.newSince, visit.loadedAt) : null
  const filtered = filters.hideShorts || filters.hideWatched || filters.channelId !== null

  const toggleWatched = (video: FeedVideo) =>
    markWatched.mutate({ videoId: video.id, watched: !video.watched })
  const play = (video: FeedVideo) => {
    setPlaying(video)
    if (!video.watched) markWatched.mutate({ videoId: video.id, watched: true })
  }

  let body: ReactNode
  if (!first) {
    body = feed.isError ? (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('feed.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          <RefreshCw aria-hidden size={16} />
          {t('feed.retry')}
        </Button>
      </div>
    ) : (
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('feed.loading')}</p>
    )
  } else if (channels.length === 0 && !filtered) {
    body = (
      <EmptyState
        icon={<Tv aria-hidden size={32} className="text-primary" />}
        title={t('feed.empty.noChannels.title')}
        body={t('feed.empty.noChannels.body')}
      >
        <Link
          to="/dashboard/groups/$id"
          params={{ id: props.groupId }}
          search={{}}
          className={buttonClassName('secondary', 'md')}
        >
          {t('feed.empty.noChannels.action')}
        </Link>
      </EmptyState>
    )
  } else if (videos.length === 0 && filtered) {
    body = (
      <EmptyState
        icon={<FilterX aria-hidden size={32} className="text-primary" />}
        title={t('feed.empty.filtered.title')}
        body={t('feed.empty.filtered.body')}
      >
        <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
          {t('feed.empty.filtered.clear')}
        </Button>
      </EmptyState>
    )
  } else if (videos.length === 0) {
    body = (
      <EmptyState
        icon={<ListVideo aria-hidden size={32} className="text-primary" />}
        title={t('feed.empty.noVideos.title')}
        body={t('feed.empty.noVideos.body')}
      />
    )
  } else {
    body = (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {videos.map((video) => (
            <li key={video.id} className="grid">
              <VideoCard
                video={video}
                isNew={threshold !== null && Date.parse(video.publishedAt) > threshold}
                onPlay={() => play(video)}
                onToggleWatched={() => toggleWatched(video)}
              />
            </li>
          ))}
        </ul>
        <MoreVideos
          hasMore={feed.hasNextPage}
          loading={feed.isFetchingNextPage}
          onMore={() => void feed.fetchNextPage()}
        />
      </>
    )
  }

  return (
    <section aria-labelledby="group-feed-title" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="group-feed-title" className="text-xl font-semibold">
          {t('feed.title')}
        </h2>
        <p
          role="status"
          aria-live="polite"
          className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300"
        >
          {pending > 0 ? (
            <>
              <RefreshCw
                aria-hidden
                size={14}
                className="animate-spin motion-reduce:animate-none"
              />
              {plural({ one: 'feed.refreshing.one', other: 'feed.refreshing.other' }, pending)}
            </>
          ) : null}
        </p>
      </div>
      {first && (channels.length > 0 || filtered) ? (
        <FeedFilters filters={filters} channels={channels} onChange={setFilters} />
      ) : null}
      {body}
      <VideoPlayerDialog
        video={playing}
        onOpenChange={(open) => (open ? null : setPlaying(null))}
      />
    </section>
  )
}

/** Infinite scroll when the sentinel comes into view, and a real button for everyone else. */
function MoreVideos(props: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useI18n()
  const sentinel = useRef<HTMLDivElement>(null)
  const onMore = useRef(props.onMore)
  onMore.current = props.onMore
  const ready = props.hasMore && !props.loading
  useEffect(() => {
    const element = sentinel.current
    if (!element || !ready || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore.current()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ready])
  if (!props.hasMore) {
    return <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">{t('feed.end')}</p>
  }
  return (
    <div ref={sentinel} className="flex justify-center">
      <Button variant="secondary" onClick={props.onMore} disabled={props.loading}>
        {props.loading ? t('feed.loadingMore') : t('feed.loadMore')}
      </Button>
    </div>
  )
}

function EmptyState(props: { icon: ReactNode; title: string; body: string; children?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      {props.icon}
      <h3 className="text-lg font-semibold">{props.title}</h3>
      <p className="max-w-md text-sm text-zinc-700 dark:text-zinc-300">{props.body}</p>
      {props.children}
    </div>
  )
}
