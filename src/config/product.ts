import { LOCALES } from '~/lib/i18n/locales'

/** Facts about the product itself; the landing page's stats come from here, never invented. */

/** The deepest nesting any plan allows (a top-level group is depth 1). */
export const GROUP_DEPTH_MAX = 10

export const LANGUAGE_COUNT = LOCALES.length

/** Feeds come from YouTube's RSS, which costs no Data API quota. */
export const FEED_QUOTA_UNITS = 0

export const APP_NAME = 'Tubefold'
export const APP_TAGLINE = 'Group youtube subscriptions'
