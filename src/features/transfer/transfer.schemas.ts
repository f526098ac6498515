import { z } from 'zod'
import { EXPORT_FORMATS, type ImportFormat } from '~/config/formats'
import { IMPORT_MAX_BYTES, IMPORT_MAX_MEGABYTES } from '~/config/limits'
import { IMPORT_STATES } from '~/db/schema'
import type { PlanLimits } from '~/features/billing/plans'
import { type GroupColor, idSchema } from '~/features/groups/groups.schemas'
import { AppError, type ErrorParams } from '~/lib/app-error'
import { idempotencyKeyField } from '~/lib/idempotency'
import type { ChannelRef } from '~/lib/youtube-urls'

/* Parsers turn a file into an ImportModel; exporters turn an ExportModel into a file. Client-safe. */

/** Refused above these, with a message naming the limit (the byte limit also bounds request bodies). */
export { IMPORT_MAX_BYTES, IMPORT_MAX_MEGABYTES }
export const IMPORT_MAX_CHANNELS = 20_000
/** Flat formats (Piped, FreeTube, PocketTube…) name nested groups by their path joined with this. */
export const GROUP_PATH_SEPARATOR = ' / '

export function importTooLarge(): AppError {
  return new AppError('IMPORT_TOO_LARGE', { max: IMPORT_MAX_MEGABYTES })
}

export type EntryExtras = { alias: string | null; notes: string; tags: string[] }

/** `key` is `refKey(ref)`: the same channel named twice in a file is one ImportChannel. */
export type ImportChannel = {
  key: string
  ref: ChannelRef
  title: string | null
  avatarUrl: string | null
  extras: EntryExtras | null
}

export type ImportAnime = {
  /** Crunchyroll series id, e.g. GRDV0019R: also the key. */
  key: string
  slug: string
  title: string
  posterUrl: string | null
  extras: EntryExtras | null
}

export type ImportItemRef = { kind: 'channel' | 'anime'; key: string }

export type ImportGroup = {
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  groups: ImportGroup[]
  items: ImportItemRef[]
}

/** One line of the preview's problem list: "line 17: not a channel URL". */
export const IMPORT_PROBLEM_CODES = [
  'notChannel',
  'invalid',
  'duplicate',
  'otherService',
  'nameTruncated',
  'nameMissing',
  'tooDeep',
  'animeInvalid',
  'videoNotFound',
] as const
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number]
export type ImportProblem = {
  /** 1-based line (text formats) or entry number (JSON, zip, db: the place among addresses); null: the file. */
  line: number | null
  code: ImportProblemCode
  /** The offending text, shortened to 200 characters. */
  input: string
}

export type ImportModel = {
  format: ImportFormat
  groups: ImportGroup[]
  /** Library entries not in any group (flat formats put everything here). */
  ungrouped: ImportItemRef[]
  channels: ImportChannel[]
  animes: ImportAnime[]
  problems: ImportProblem[]
}

/** Where the tree lands and what happens to a group whose name is taken among its siblings. */
export const importOptionsSchema = z.object({
  /** null: top level; else the imported groups go under it, and ungrouped items into it. */
  parentId: idSchema.nullable(),
  sameNames: z.enum(['merge', 'new']),
})
export type ImportOptions = z.infer<typeof importOptionsSchema>

export type ImportPreviewGroup = {
  name: string
  icon: string | null
  color: GroupColor | null
  itemCount: number
  /** An existing sibling has this name: merged into it, or created under a new name. */
  exists: boolean
  groups: ImportPreviewGroup[]
}

export type ImportPreview = {
  importId: string
  format: ImportFormat
  fileName: string | null
  groups: ImportPreviewGroup[]
  groupCount: number
  channels: {
    total: number
    new: number
    inLibrary: number
    /** Named by handle, custom URL or video, or unconfirmed: looked up on YouTube when applied. */
    toResolve: number
  }
  animes: { total: number; new: number; inLibrary: number }
  problems: ImportProblem[]
  /** Plan limits applying would pass (it would then be refused); empty when it fits. */
  limits: { limit: keyof PlanLimits; max: number }[]
  options: ImportOptions
}

type ContentItems = { channels: number[]; animes: number[] }

/** Compact (a 20,000-row file is sent once): groups in pre-order, their items as indexes into the lists. */
export type ImportContents = {
  /** `ref`: how the file names it (an id, an @handle, a short address). */
  channels: { title: string | null; ref: string }[]
  animes: { title: string }[]
  /** `parent`: the index of its parent group, null at the top. */
  groups: ({ parent: number | null; name: string } & ContentItems)[]
  ungrouped: ContentItems
}

const indexListSchema = z.array(z.int().min(0)).max(IMPORT_MAX_CHANNELS)
/** Compact whatever the file's size; checked again against the stored model when the import starts. */
export const importExclusionsSchema = z.object({
  groups: indexListSchema,
  channels: indexListSchema,
  animes: indexListSchema,
  ungrouped: z.boolean(),
})
export type ImportExclusions = z.infer<typeof importExclusionsSchema>

export type ImportState = (typeof IMPORT_STATES)[number]
export { IMPORT_STATES }

export type ImportResult = {
  groupsCreated: number
  groupsMerged: number
  channelsAdded: number
  animesAdded: number
  itemsPlaced: number
  /** Handles and URLs YouTube did not know, by line. */
  notFound: ImportProblem[]
  lookedUp: number
  /** Handles and ids YouTube could not be asked about: kept, filled in later (decision 0049). */
  pending: number
  /** Why (`network`, `timeout`, `http503`, `quotaExceeded`, `quotaShare`…); null when none. */
  pendingReason: string | null
}

/** An import's progress, polled by the screen; survives reloads and restarts. */
export type ImportStatus = {
  importId: string
  state: ImportState
  format: ImportFormat
  fileName: string | null
  /** Channels looked up / to look up (both 0 when nothing needs YouTube). */
  done: number
  total: number
  result: ImportResult | null
  /** Of the result's pending look-ups, those still waiting for YouTube now. */
  pendingLeft: number
  /** An error message key when failed, and the values it names (a plan limit's `{max}`). */
  error: string | null
  errorParams: ErrorParams
  createdAt: string
  updatedAt: string
}

export const importRefSchema = z.object({ importId: idSchema })
export const importPreviewSchema = z.object({ importId: idSchema, options: importOptionsSchema })
/** Confirming it, less what was unticked: a retry under the same key answers the same import. */
export const startImportSchema = importPreviewSchema
  .extend({ exclusions: importExclusionsSchema.optional() })
  .extend(idempotencyKeyField)
export const pasteImportSchema = z.object({
  text: z.string().min(1, 'transfer.error.empty').max(IMPORT_MAX_BYTES, 'transfer.error.tooLarge'),
})

export const exportRequestSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  /** null: the whole account; else this group's subtree. */
  groupId: idSchema.nullable(),
})
export type ExportRequest = z.infer<typeof exportRequestSchema>

/** Everything an exporter needs, loaded in one pass (positions already sorted). */
export type ExportChannel = {
  id: string
  title: string
  handle: string | null
  avatarUrl: string | null
  extras: EntryExtras
}
export type ExportAnime = {
  id: string
  slug: string
  title: string
  posterUrl: string | null
  extras: EntryExtras
}
export type ExportItemRef = { kind: 'channel' | 'anime'; id: string }
export type ExportGroup = {
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  groups: ExportGroup[]
  items: ExportItemRef[]
}
export type ExportModel = {
  exportedAt: string
  /** Whole account: every library entry, ungrouped included; a subtree: only what it holds. */
  scope: 'account' | 'group'
  groups: ExportGroup[]
  ungrouped: ExportItemRef[]
  channels: ExportChannel[]
  animes: ExportAnime[]
}
