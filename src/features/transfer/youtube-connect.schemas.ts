import { z } from 'zod'
import { idSchema } from '~/features/groups/id.schemas'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { CONNECT_ERRORS, type ConnectError } from './route.schemas'

/* Connect YouTube: imports a user's subscriptions through the import preview. Client-safe. */

/** Where the browser goes to start; `?parentId=` is carried to the preview. */
export const CONNECT_PATH = '/api/youtube/connect'

export function connectHref(parentId?: string | null): string {
  return parentId ? `${CONNECT_PATH}?parentId=${encodeURIComponent(parentId)}` : CONNECT_PATH
}

// Defined with the import route's validator (kept free of zod for the entry chunk).
export type { ConnectError }

export const CONNECT_ERROR_MESSAGES: Record<ConnectError, MessageKey> = {
  denied: 'connect.error.denied',
  state: 'connect.error.state',
  failed: 'connect.error.failed',
  quota: 'connect.error.quota',
  notConfigured: 'connect.error.notConfigured',
  empty: 'connect.error.empty',
}

export function toConnectError(value: unknown): ConnectError | null {
  return CONNECT_ERRORS.find((code) => code === value) ?? null
}

/** "Import subscriptions again": where the preview will place them (null: top level). */
export const youtubeImportSchema = z.object({ parentId: idSchema.nullable() })
export type YoutubeImportInput = z.infer<typeof youtubeImportSchema>

export type YoutubeConnection = {
  /** The connected account's own channel, when it has one. */
  channelId: string | null
  channelTitle: string | null
  connectedAt: string
  lastImportAt: string | null
}

export type YoutubeConnectionStatus = {
  /** False when this server has no Google OAuth client: the source is unavailable. */
  configured: boolean
  connection: YoutubeConnection | null
}

export type YoutubeImportStarted = { importId: string }
