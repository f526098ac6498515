import type { ExportFormat, ImportFormat } from '~/config/formats'
import type { AppError } from '~/lib/app-error'
import type { MessageKey } from '~/lib/i18n/messages/en'
import {
  IMPORT_MAX_BYTES,
  type ImportOptions,
  type ImportPreviewGroup,
  type ImportProblem,
  type ImportProblemCode,
  type ImportState,
  type ImportStatus,
  importTooLarge,
} from '../transfer.schemas'

/* The pure side of the import and export screens, as message keys and plain rows. */

export type Sentence = { key: MessageKey; params: Record<string, string | number> }

const RUNNING: ReadonlySet<ImportState> = new Set(['queued', 'resolving', 'applying'])

export function isImportRunning(state: ImportState): boolean {
  return RUNNING.has(state)
}

/** Why look-ups are pending, as a message key: the quota's two kinds, else "not reachable". */
export function pendingReasonKey(reason: string | null): string {
  if (reason === 'quotaExceeded') return 'transfer.done.pending.quota'
  if (reason === 'quotaShare') return 'transfer.done.pending.share'
  return 'transfer.done.pending.unreachable'
}

/** What the file dialog offers first; the format is still detected from the content. */
export const IMPORT_FILE_ACCEPT =
  '.csv,.json,.opml,.xml,.zip,.db,.txt,text/csv,application/json,text/xml,application/xml,application/zip,text/plain'

/** The server refuses the same; checking first spares a 10 MB upload that would be refused. */
export function fileSizeError(bytes: number): AppError | null {
  return bytes > IMPORT_MAX_BYTES ? importTooLarge() : null
}

export const PROBLEM_MESSAGES: Record<ImportProblemCode, MessageKey> = {
  notChannel: 'transfer.problem.notChannel',
  invalid: 'transfer.problem.invalid',
  duplicate: 'transfer.problem.duplicate',
  otherService: 'transfer.problem.otherService',
  nameTruncated: 'transfer.problem.nameTruncated',
  nameMissing: 'transfer.problem.nameMissing',
  tooDeep: 'transfer.problem.tooDeep',
  animeInvalid: 'transfer.problem.animeInvalid',
  videoNotFound: 'transfer.problem.videoNotFound',
}

/** Text formats number problems by line (OPML by outline, FreeTube by profile); JSON and zip by entry. */
const LINE_FORMATS: ReadonlySet<ImportFormat> = new Set([
  'plain',
  'takeout-csv',
  'opml',
  'freetube',
])

/** Where in the file a problem is: "Line 17", "Entry 3", or the file as a whole. */
export function problemPlace(problem: Pick<ImportProblem, 'line'>, format: ImportFormat): Sentence {
  if (problem.line === null) return { key: 'transfer.problem.file', params: {} }
  return {
    key: LINE_FORMATS.has(format) ? 'transfer.problem.line' : 'transfer.problem.entry',
    params: { line: problem.line },
  }
}

export type PreviewRow = {
  /** Index path ("0.2.1"): stable for the same preview, unique within it. */
  id: string
  depth: number
  group: ImportPreviewGroup
  path: string[]
}

/** Depth-first, in file order, stopping after `limit` rows; `total` counts every group. */
export function flattenPreviewGroups(
  groups: readonly ImportPreviewGroup[],
  limit = Number.POSITIVE_INFINITY,
): { rows: PreviewRow[]; total: number } {
  const rows: PreviewRow[] = []
  let total = 0
  const stack: PreviewRow[] = groups
    .map((group, index) => ({ id: String(index), depth: 1, group, path: [] }))
    .reverse()
  for (let row = stack.pop(); row; row = stack.pop()) {
    total += 1
    if (rows.length < limit) rows.push(row)
    const parent = row
    const children = parent.group.groups.map((group, index) => ({
      id: `${parent.id}.${index}`,
      depth: parent.depth + 1,
      group,
      path: [...parent.path, parent.group.name],
    }))
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index]
      if (child) stack.push(child)
    }
  }
  return { rows, total }
}

export type GroupOutcome = 'merge' | 'copy' | 'new'

/** An existing sibling's name: merged into it, or created beside it; else simply new. */
export function groupOutcome(
  group: Pick<ImportPreviewGroup, 'exists'>,
  sameNames: ImportOptions['sameNames'],
): GroupOutcome {
  if (!group.exists) return 'new'
  return sameNames === 'merge' ? 'merge' : 'copy'
}

export const OUTCOME_MESSAGES: Record<GroupOutcome, MessageKey> = {
  merge: 'transfer.preview.group.merge',
  copy: 'transfer.preview.group.copy',
  new: 'transfer.preview.group.new',
}

export function countOutcomes(
  groups: readonly ImportPreviewGroup[],
  sameNames: ImportOptions['sameNames'],
): { created: number; merged: number } {
  let created = 0
  let merged = 0
  for (const { group } of flattenPreviewGroups(groups).rows) {
    if (groupOutcome(group, sameNames) === 'merge') merged += 1
    else created += 1
  }
  return { created, merged }
}

export type ImportProgress = Sentence & { value: number; max: number }

/** Channels looked up out of those to look up, then a full bar while saving. Numbers are raw. */
export function importProgress(
  status: Pick<ImportStatus, 'state' | 'done' | 'total'>,
): ImportProgress {
  const max = Math.max(status.total, 1)
  switch (status.state) {
    case 'resolving':
      return status.total > 0
        ? {
            key: 'transfer.progress.resolving',
            params: { done: Math.min(status.done, status.total), total: status.total },
            value: Math.min(Math.max(status.done, 0), status.total),
            max: status.total,
          }
        : { key: 'transfer.progress.queued', params: {}, value: 0, max }
    case 'applying':
    case 'done':
      return { key: 'transfer.progress.applying', params: {}, value: max, max }
    default:
      return { key: 'transfer.progress.queued', params: {}, value: 0, max }
  }
}

/** Finished imports worth listing (newest first), leaving out those already on screen. */
export function recentImports(
  imports: readonly ImportStatus[],
  shown: ReadonlySet<string>,
  limit = 5,
): ImportStatus[] {
  return imports
    .filter((item) => item.state !== 'preview' && !isImportRunning(item.state))
    .filter((item) => !shown.has(item.importId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit)
}

/** The download link of the export route; no group: the whole account. */
export function exportHref(format: ExportFormat, groupId: string | null): string {
  const search = new URLSearchParams({ format })
  if (groupId) search.set('groupId', groupId)
  return `/api/export?${search.toString()}`
}
