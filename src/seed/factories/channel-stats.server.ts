import type { Database } from '~/db/client.server'
import { channelStat } from '~/db/schema'
import { seededRandom } from './organiser.server'

// Deterministic, ending at the channel's current figures, rounded as YouTube's public API gives them.

export type ChannelStatRow = typeof channelStat.$inferInsert

export type HistorySource = {
  id: string
  subscriberCount: number | null
  viewCount: number | null
  videoCount: number | null
  hiddenSubscriberCount: boolean
}

const DAY_MS = 86_400_000

function dayBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10)
}

/** 3 significant figures from 1,000 up, truncated like YouTube (1,234,567 → 1,230,000). */
export function youtubeRounded(count: number): number {
  if (count < 1000) return Math.max(0, Math.floor(count))
  const step = 10 ** (Math.floor(Math.log10(count)) - 2)
  return Math.floor(count / step) * step
}

function seedOf(id: string): number {
  let hash = 2166136261
  for (let index = 0; index < id.length; index += 1) {
    hash = Math.imul(hash ^ id.charCodeAt(index), 16777619)
  }
  return hash >>> 0
}

/** `days` daily snapshots ending on `endDay` (UTC, included), walked back from the current figures. */
export function channelHistory(
  source: HistorySource,
  options: { days: number; endDay: string },
): ChannelStatRow[] {
  const random = seededRandom(seedOf(source.id))
  // Daily growth between -0.02 % and +0.25 %, mostly positive.
  const subscriberRate = random() < 0.1 ? -0.0002 : 0.0002 + random() * 0.0023
  const viewRate = 0.0003 + random() * 0.002
  const uploadEvery = 2 + Math.floor(random() * 9)
  let subscribers = source.subscriberCount ?? 0
  let views = source.viewCount ?? 0
  let videos = source.videoCount ?? 0
  const rows: ChannelStatRow[] = []
  for (let age = 0; age < options.days; age += 1) {
    rows.push({
      channelId: source.id,
      day: dayBefore(options.endDay, age),
      subscriberCount:
        source.hiddenSubscriberCount || source.subscriberCount === null
          ? null
          : youtubeRounded(subscribers),
      viewCount: source.viewCount === null ? null : Math.round(views),
      videoCount: source.videoCount === null ? null : videos,
    })
    subscribers /= 1 + subscriberRate * (0.5 + random())
    views /= 1 + viewRate * (0.5 + random())
    if (age % uploadEvery === uploadEvery - 1 && videos > 0) videos -= 1
  }
  return rows.reverse()
}

/** Writes the histories; days already recorded (another user's seed of the same channel) are kept. */
export async function insertChannelHistories(
  db: Database,
  sources: readonly HistorySource[],
  options: { days: number; endDay: string },
): Promise<void> {
  const rows = sources.flatMap((source) => channelHistory(source, options))
  // A few thousand bind parameters per statement at most.
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(channelStat)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing()
  }
}
