import { z } from 'zod'
import { idSchema } from '~/features/groups/id.schemas'
import { GROWTH_RANGES, type GrowthRange } from './route.schemas'

// Defined with the route's validator (kept free of zod for the entry chunk).
export { GROWTH_RANGES, type GrowthRange }
export const DELTA_SPANS = [7, 30, 90] as const
export type DeltaSpan = (typeof DELTA_SPANS)[number]

export const growthRangeSchema = z.union([
  z.literal(7),
  z.literal(30),
  z.literal(90),
  z.literal(365),
])

export const channelGrowthInputSchema = z.object({ entryId: idSchema, range: growthRangeSchema })
export const groupGrowthInputSchema = z.object({ groupId: idSchema, range: growthRangeSchema })

export const GROWTH_METRICS = ['subscribers', 'views', 'videos'] as const
export type GrowthMetric = (typeof GROWTH_METRICS)[number]

/** With 'hidden', why the subscriber chart is empty: the channel hides its count. */
export type GrowthReason = 'noApiKey' | 'notYetSynced' | 'hidden' | 'noChannels'

/** One day (UTC, `YYYY-MM-DD`). Subscriber figures above 1,000 are rounded by YouTube: `subscribersApprox`. */
export type GrowthPoint = {
  day: string
  subscribers: number | null
  subscribersApprox: boolean
  views: number | null
  videos: number | null
}

/** The change over the last `days` days; null figures when there is not enough history. */
export type GrowthDelta = {
  days: DeltaSpan
  subscribers: number | null
  subscribersApprox: boolean
  views: number | null
  videos: number | null
}

export type ChannelFacts = {
  id: string
  title: string
  handle: string | null
  avatarUrl: string | null
  subscriberCount: number | null
  subscribersApprox: boolean
  hiddenSubscriberCount: boolean
  viewCount: number | null
  videoCount: number | null
  lastSyncedAt: string | null
}

export type ChannelGrowth = {
  entryId: string
  range: GrowthRange
  channel: ChannelFacts
  series: GrowthPoint[]
  deltas: GrowthDelta[]
  reason: GrowthReason | null
}

export type Grower = {
  entryId: string
  channelId: string
  title: string
  avatarUrl: string | null
  /** Subscribers at the first and last snapshot of the range. */
  from: number
  to: number
  change: number
  /** null when the channel started at 0. */
  percent: number | null
  approximate: boolean
}

export type GroupGrowth = {
  groupId: string
  range: GrowthRange
  channelCount: number
  /** Channels in the chart: the ones that reported on its first day. */
  chartedCount: number
  /** Channels left out of the chart because their history starts later in the range. */
  lateCount: number
  /** Channels hiding their subscriber count: never in subscriber sums. */
  hiddenCount: number
  series: GrowthPoint[]
  deltas: GrowthDelta[]
  topGrowers: { byChange: Grower[]; byPercent: Grower[] }
  reason: GrowthReason | null
}

/** Total subscribers of the library's channels; hidden counts are left out and counted. */
export type OverviewReach = {
  subscribers: number
  /** Some figure in the sum is rounded by YouTube: shown with "≈". */
  approximate: boolean
  hiddenCount: number
}

export type TopChannel = {
  entryId: string
  title: string
  handle: string | null
  avatarUrl: string | null
  subscriberCount: number
  approximate: boolean
}

export type LibraryReach = { reach: OverviewReach; topChannels: TopChannel[] }
