import { z } from 'zod'
import { idSchema } from '~/features/groups/groups.schemas'

// Dates travel as ISO strings.

export const FEED_PAGE_MAX = 50
export const FEED_PAGE_DEFAULT = 24
/** A group never visited counts the last week as new (badges and "New" markers agree). */
export const NEVER_VISITED_NEW_MS = 7 * 24 * 60 * 60_000

export const videoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'errors.validation')
const channelIdSchema = z.string().regex(/^UC[A-Za-z0-9_-]{22}$/, 'errors.validation')

/** Opaque keyset cursor: the last row's published_at (as the database prints it) and id. */
export const feedCursorSchema = z
  .string()
  .max(120, 'errors.validation')
  .regex(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?\|[A-Za-z0-9_-]{11}$/,
    'errors.validation',
  )

export const groupFeedSchema = z.object({
  groupId: idSchema,
  cursor: feedCursorSchema.nullish(),
  limit: z.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
  hideShorts: z.boolean().default(false),
  hideWatched: z.boolean().default(false),
  channelId: channelIdSchema.nullish(),
})
export type GroupFeedInput = z.input<typeof groupFeedSchema>
export type FeedFilters = { hideShorts: boolean; hideWatched: boolean; channelId: string | null }

export const markWatchedSchema = z.object({ videoId: videoIdSchema, watched: z.boolean() })
export const markGroupSeenSchema = z.object({ groupId: idSchema })

export type FeedVideo = {
  id: string
  title: string
  thumbnailUrl: string | null
  isShort: boolean
  publishedAt: string
  channelId: string
  channelTitle: string
  channelAvatarUrl: string | null
  watched: boolean
}

export type FeedChannel = { id: string; title: string; avatarUrl: string | null }

export type GroupFeedPage = {
  videos: FeedVideo[]
  nextCursor: string | null
  /** The channels of the group and its subgroups (the by-channel filter); first page only. */
  channels: FeedChannel[]
  /** Channels whose feed is still being refreshed; first page only (the client polls while > 0). */
  pending: number
  newSince: string | null
}

export type FeedBadge = { videos: number; episodes: number }
export type FeedBadges = Record<string, FeedBadge>

/** When a video counts as "new" for the reader: after their previous visit, else the last week. */
export function newThreshold(newSince: string | null, now: number): number {
  return newSince === null ? now - NEVER_VISITED_NEW_MS : Date.parse(newSince)
}

export function youtubeWatchUrl(videoId: string, isShort: boolean): string {
  return isShort
    ? `https://www.youtube.com/shorts/${videoId}`
    : `https://www.youtube.com/watch?v=${videoId}`
}

/** The privacy-enhanced player (the CSP allows only this frame origin). */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`
}
