import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { RowBadge } from '~/features/groups/components/group-tree-row'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { feedBadgesQuery } from '../feed.queries'
import type { FeedBadge } from '../feed.schemas'

/**
 * The groups tree's "N new" badges. They come in their own query, so the tree
 * never waits for them; a group with nothing new shows none. Not `enabled`
 * (the sidebar before the browser is idle): only what is already cached.
 */
export function useNewUploadsBadges(enabled = true): RowBadge {
  const badges = useQuery({ ...feedBadgesQuery(), enabled }).data
  return useCallback<RowBadge>(
    (groupId, ids) => {
      const badge = badges?.[groupId]
      if (!badge || badge.videos + badge.episodes === 0) return null
      return <NewUploadsBadge badge={badge} {...ids} />
    },
    [badges],
  )
}

/** A small pill with the total; the sentence ("3 new videos, 1 new episode") describes the row. */
export function NewUploadsBadge(props: {
  badge: FeedBadge
  /** The total, which joins the row's name. */
  labelId: string
  /** The sentence, which describes the row. */
  descriptionId: string
}) {
  const { formatNumber } = useI18n()
  const plural = usePlural()
  const parts = [
    props.badge.videos > 0
      ? plural(
          { one: 'feed.badge.videos.one', other: 'feed.badge.videos.other' },
          props.badge.videos,
        )
      : null,
    props.badge.episodes > 0
      ? plural(
          { one: 'feed.badge.episodes.one', other: 'feed.badge.episodes.other' },
          props.badge.episodes,
        )
      : null,
  ].filter((part) => part !== null)
  const sentence = parts.join(', ')
  return (
    <span
      title={sentence}
      data-new-badge
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold tabular-nums text-white dark:bg-blue-300 dark:text-blue-950"
    >
      <span id={props.labelId} aria-hidden>
        {' '}
        {formatNumber(props.badge.videos + props.badge.episodes)}
      </span>
      <span id={props.descriptionId} className="sr-only">
        {sentence}
      </span>
    </span>
  )
}
