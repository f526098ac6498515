import { createSerializationAdapter } from '@tanstack/react-router'
import { IMPORT_MAX_MEGABYTES } from '~/config/limits'
import type { MessageKey } from '~/lib/i18n/messages/en'

// Codes and named parameters, never display text: the client renders the code in the reader's language.
export const ERROR_MESSAGES = {
  RATE_LIMITED: 'errors.rateLimited',
  MAIL_FAILED: 'errors.mailFailed',
  VALIDATION: 'errors.validation',
  INTERNAL: 'errors.internal',
  NETWORK: 'errors.network',
  REQUEST_TOO_LARGE: 'errors.requestTooLarge',
  INVALID_CREDENTIALS: 'auth.error.invalidCredentials',
  WRONG_PASSWORD: 'auth.error.wrongPassword',
  TOKEN_INVALID: 'auth.error.tokenInvalid',
  RESET_MAIL_FAILED: 'auth.error.resetMailFailed',
  UNAUTHENTICATED: 'auth.error.signInRequired',
  GROUP_NOT_FOUND: 'organiser.error.groupNotFound',
  GROUP_FORBIDDEN: 'organiser.error.forbidden',
  GROUP_ACCESS_ENDED: 'sharing.accessEnded.title',
  ENTRY_NOT_FOUND: 'organiser.error.entryNotFound',
  STALE_VERSION: 'organiser.error.stale',
  GROUP_DEPTH_LIMIT: 'organiser.error.depthLimit',
  GROUP_CYCLE: 'organiser.error.cycle',
  GROUP_NAME_TAKEN: 'organiser.error.nameTaken',
  YOUTUBE_UNAVAILABLE: 'organiser.error.youtubeUnavailable',
  ANIME_URL_INVALID: 'organiser.error.animeUrlInvalid',
  ANIME_EXISTS: 'organiser.error.animeExists',
  IMPORT_TOO_LARGE: 'transfer.error.tooLarge',
  IMPORT_TOO_MANY: 'transfer.error.tooMany',
  IMPORT_TOO_MANY_GROUPS: 'transfer.error.tooManyGroups',
  IMPORT_UNRECOGNISED: 'transfer.error.unrecognised',
  IMPORT_MALFORMED: 'transfer.error.malformed',
  IMPORT_EMPTY: 'transfer.error.empty',
  IMPORT_ARCHIVE_TOO_LARGE: 'transfer.error.archiveTooLarge',
  IMPORT_TIMEOUT: 'transfer.error.timeout',
  IMPORT_BUSY: 'transfer.error.busy',
  IMPORT_NOT_FOUND: 'transfer.error.importNotFound',
  IMPORT_ALREADY_STARTED: 'transfer.error.importStarted',
  IMPORT_SELECTION_INVALID: 'transfer.error.selectionInvalid',
  IMPORT_NOTHING_SELECTED: 'transfer.error.nothingSelected',
  SHARE_LINK_UNAVAILABLE: 'sharing.error.linkUnavailable',
  INVITATION_UNAVAILABLE: 'sharing.error.invitationUnavailable',
  INVITATION_WRONG_ACCOUNT: 'sharing.error.wrongAccount',
  EMAIL_NOT_VERIFIED: 'sharing.error.emailNotVerified',
  MEMBER_NOT_FOUND: 'sharing.error.memberNotFound',
  ALREADY_MEMBER: 'sharing.error.alreadyMember',
  CANNOT_INVITE_SELF: 'sharing.error.inviteSelf',
  QUOTA_EXHAUSTED: 'channelData.error.quotaExhausted',
  QUOTA_SHARE_EXHAUSTED: 'channelData.error.quotaShareExhausted',
  CHANNEL_NOT_FOUND: 'channelData.error.channelNotFound',
  VIDEO_NOT_FOUND: 'channelData.error.videoNotFound',
  YOUTUBE_NOT_CONNECTED: 'connect.error.notConnected',
  YOUTUBE_CONNECT_FAILED: 'connect.error.failed',
  GOOGLE_NOT_CONFIGURED: 'connect.error.notConfigured',
  PLAN_GROUPS_LIMIT: 'billing.error.groupsLimit',
  PLAN_DEPTH_LIMIT: 'billing.error.depthLimit',
  PLAN_CHANNELS_LIMIT: 'billing.error.channelsLimit',
  PLAN_SHARE_LIMIT: 'billing.error.shareLimit',
  BILLING_UNAVAILABLE: 'billing.error.unavailable',
  BUSINESS_TRIAL_USED: 'billing.error.businessTrialUsed',
  PUSH_SUBSCRIPTION_LIMIT: 'notify.error.pushLimit',
  PUSH_BROWSER_NOT_FOUND: 'notify.error.browserNotFound',
} as const satisfies Record<string, MessageKey>

export type ErrorCode = keyof typeof ERROR_MESSAGES

export const PLAN_LIMIT_ERRORS = {
  groups: 'PLAN_GROUPS_LIMIT',
  depth: 'PLAN_DEPTH_LIMIT',
  channels: 'PLAN_CHANNELS_LIMIT',
  shareMembers: 'PLAN_SHARE_LIMIT',
} as const satisfies Record<string, ErrorCode>

const PLAN_LIMIT_CODES: readonly ErrorCode[] = Object.values(PLAN_LIMIT_ERRORS)
export type ErrorParams = Record<string, string | number>

export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly params: ErrorParams
  constructor(code: ErrorCode, params: ErrorParams = {}) {
    super(code)
    this.code = code
    this.params = params
  }
}

// Without this adapter only the message survives the wire and `params` are lost.
export const appErrorAdapter = createSerializationAdapter({
  key: 'tubefold-app-error',
  test: (value: unknown): value is AppError => value instanceof AppError,
  toSerializable: (error) => ({ code: error.code, params: error.params }),
  fromSerializable: (value) => new AppError(value.code, value.params),
})

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value)
}

export const BILLING_PATH = '/dashboard/settings/billing/'

/** True for a refusal a paid plan lifts (the screens then offer BILLING_PATH). */
export function isPlanLimit(error: unknown): boolean {
  return PLAN_LIMIT_CODES.includes(errorCodeOf(error).code)
}

export function isPlanLimitKey(key: string | null): boolean {
  return PLAN_LIMIT_CODES.some((code) => ERROR_MESSAGES[code] === key)
}

export function errorCodeOf(error: unknown): { code: ErrorCode; params: ErrorParams } {
  if (error instanceof AppError) return { code: error.code, params: error.params }
  if (error && typeof error === 'object' && 'code' in error && isErrorCode(error.code)) {
    const params =
      'params' in error && error.params && typeof error.params === 'object' ? error.params : {}
    const safe: ErrorParams = {}
    for (const [key, value] of Object.entries(params)) {
      if (typeof value === 'string' || typeof value === 'number') safe[key] = value
    }
    return { code: error.code, params: safe }
  }
  // The server's body limit (server/http/body-limit.server.ts) answers a call with a thrown 413.
  if (error instanceof Response && error.status === 413) {
    return { code: 'REQUEST_TOO_LARGE', params: { max: IMPORT_MAX_MEGABYTES } }
  }
  if (error instanceof Error && isErrorCode(error.message))
    return { code: error.message, params: {} }
  // fetch() rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return { code: 'NETWORK', params: {} }
  }
  return { code: 'INTERNAL', params: {} }
}
