import type { Database } from '~/db/client.server'
import type { QuotaPurpose } from '~/db/schema'
import type { FetchFn } from '~/features/catalogue/http.server'
import {
  createYoutubeClient,
  type YoutubeClient,
  youtubeOverrideForTests,
} from '~/features/catalogue/youtube.server'
import { AppError } from '~/lib/app-error'
import { getEnv } from '~/server/env.server'
import {
  chargeQuota,
  markQuotaExhausted,
  QuotaExhaustedError,
  QuotaShareExhaustedError,
} from './quota.server'

/*
 * Each Data API request books its unit in the quota ledger first (decision 0020), and YouTube's own
 * `quotaExceeded` books the rest of the day, so all work stops at the budget.
 */

type Purpose = Exclude<QuotaPurpose, 'exhausted'>

/** "2026-11-22 08:00 UTC": the {time} of QUOTA_EXHAUSTED, readable in any language. */
function resumeText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/**
 * Jobs that can wait get QuotaExhaustedError and reschedule; an add-channel lookup gets a user message;
 * the import treats it like YouTube being down, which it already handles.
 */
function translate(purpose: Purpose, error: unknown): unknown {
  if (!(error instanceof QuotaExhaustedError)) return error
  const share = error instanceof QuotaShareExhaustedError
  if (purpose === 'lookup') {
    // `at` is an instant the browser shows in the reader's own time zone.
    return share
      ? new AppError('QUOTA_SHARE_EXHAUSTED', { at: error.resumeAt.toISOString() })
      : new AppError('QUOTA_EXHAUSTED', { time: resumeText(error.resumeAt) })
  }
  if (purpose === 'import')
    return new AppError('YOUTUBE_UNAVAILABLE', { reason: share ? 'quotaShare' : 'quotaExceeded' })
  return error
}

/**
 * Charged to `purpose`, and to `payer`'s daily share when a user asked (instance jobs have none). A client
 * set by setYoutubeForTests is returned as is (no ledger).
 */
export function youtubeFor(
  db: Database,
  purpose: Purpose,
  options: { fetch?: FetchFn; payer?: string } = {},
): YoutubeClient {
  const override = youtubeOverrideForTests()
  if (override) return override
  const env = getEnv()
  return createYoutubeClient({
    apiKey: env.YOUTUBE_API_KEY,
    apiBaseUrl: env.YOUTUBE_API_BASE_URL,
    webBaseUrl: env.YOUTUBE_WEB_BASE_URL,
    fetch: options.fetch,
    beforeRequest: async (units) => {
      try {
        await chargeQuota(db, purpose, units, new Date(), options.payer ?? null)
      } catch (error) {
        throw translate(purpose, error)
      }
    },
    onQuotaExceeded: async () => {
      const resumeAt = await markQuotaExhausted(db)
      if (purpose === 'lookup' || purpose === 'import') {
        throw translate(purpose, new QuotaExhaustedError(resumeAt))
      }
      return resumeAt
    },
  })
}
