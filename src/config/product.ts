import { LOCALES } from '~/lib/i18n/locales'
import { PLANS } from './plans'

/** Facts about the product itself; the landing page's stats come from here, never invented. */
export const MAX_GROUP_DEPTH = Math.max(...PLANS.map((plan) => plan.limits.depth))

/** Formats the importer reads (see docs/formats). */
export const IMPORT_FORMATS = [
  'Google Takeout CSV',
  'Google Takeout JSON',
  'OPML',
  'NewPipe JSON',
  'NewPipe ZIP',
  'FreeTube',
  'Piped',
  'PocketTube',
  'Grayjay',
  'Invidious',
  'URL list',
] as const

export const LANGUAGE_COUNT = LOCALES.length

/** Feeds come from YouTube's RSS, which costs no Data API quota. */
export const FEED_QUOTA_UNITS = 0

export const APP_NAME = 'Tubefold'
export const APP_TAGLINE = 'Group youtube subscriptions'
