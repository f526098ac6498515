import type { Backup, BackupGroup } from '../formats/tubefold-backup.schemas'
import { BACKUP_FORMAT, BACKUP_VERSION } from '../formats/tubefold-backup.schemas'
import type { ExportGroup, ExportItemRef, ExportModel } from '../transfer.schemas'
import { chunked } from './export-helpers'

/*
 * The lossless format (docs/backup-format.md): exactly `JSON.stringify(backup, null, 2)` plus a final
 * newline, so two backups diff line by line, but produced piece by piece.
 */

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json }

function item(ref: ExportItemRef): BackupGroup['items'][number] {
  return ref.kind === 'channel' ? { kind: 'channel', id: ref.id } : { kind: 'anime', id: ref.id }
}

function backupGroup(group: ExportGroup): BackupGroup {
  return {
    name: group.name,
    description: group.description,
    icon: group.icon,
    color: group.color,
    groups: group.groups.map(backupGroup),
    items: group.items.map(item),
  }
}

/** The backup as a value, every field present (what the streamed file holds). */
export function toBackup(model: ExportModel): Backup {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: model.exportedAt,
    scope: model.scope,
    groups: model.groups.map(backupGroup),
    ungrouped: model.ungrouped.map(item),
    channels: model.channels.map((channel) => ({
      id: channel.id,
      title: channel.title,
      handle: channel.handle,
      avatarUrl: channel.avatarUrl,
      alias: channel.extras.alias,
      notes: channel.extras.notes,
      tags: [...channel.extras.tags],
    })),
    animes: model.animes.map((anime) => ({
      id: anime.id,
      slug: anime.slug,
      title: anime.title,
      posterUrl: anime.posterUrl,
      alias: anime.extras.alias,
      notes: anime.extras.notes,
      tags: [...anime.extras.tags],
    })),
  }
}

// Array.isArray does not narrow readonly arrays.
function isJsonArray(value: Json): value is readonly Json[] {
  return Array.isArray(value)
}

function isPrimitiveOrLeaf(value: Json): boolean {
  return value === null || typeof value !== 'object' || (!isJsonArray(value) && isLeaf(value))
}

/** No array of objects inside: small enough to stringify in one go (a channel, an item). */
function isLeaf(value: { readonly [key: string]: Json }): boolean {
  return Object.values(value).every(
    (field) =>
      field === null ||
      typeof field !== 'object' ||
      (Array.isArray(field) && field.every((entry) => entry === null || typeof entry !== 'object')),
  )
}

/** Leaves stringified together: native speed, still small chunks. */
const LEAF_BATCH = 32

/** `JSON.stringify(value, null, 2)` nested at `indent`, in pieces. */
function* prettyJson(value: Json, indent: string): Generator<string> {
  if (value === null || typeof value !== 'object') {
    yield JSON.stringify(value)
    return
  }
  const inner = `${indent}  `
  if (isJsonArray(value)) {
    if (value.length === 0) {
      yield '[]'
      return
    }
    yield '[\n'
    let index = 0
    while (index < value.length) {
      yield index === 0 ? '' : ',\n'
      const entry = value[index]
      if (entry === undefined || !isPrimitiveOrLeaf(entry)) {
        yield inner
        yield* prettyJson(entry ?? null, inner)
        index++
        continue
      }
      let end = index + 1
      while (end < value.length && end - index < LEAF_BATCH) {
        const next = value[end]
        if (next === undefined || !isPrimitiveOrLeaf(next)) break
        end++
      }
      // "[\n  a,\n  b\n]" without its brackets is the run already indented by one level.
      const run = JSON.stringify(value.slice(index, end), null, 2)
      yield `${indent}${run.slice(2, -2).replaceAll('\n', `\n${indent}`)}`
      index = end
    }
    yield `\n${indent}]`
    return
  }
  if (isLeaf(value)) {
    // JSON never holds a raw newline inside a string, so every newline is layout.
    yield JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`)
    return
  }
  const entries = Object.entries(value)
  if (entries.length === 0) {
    yield '{}'
    return
  }
  yield '{\n'
  for (const [index, [key, field]] of entries.entries()) {
    yield `${index === 0 ? '' : ',\n'}${inner}${JSON.stringify(key)}: `
    yield* prettyJson(field, inner)
  }
  yield `\n${indent}}`
}

function* backupParts(model: ExportModel): Generator<string> {
  yield* prettyJson(toBackup(model), '')
  yield '\n'
}

export function* toTubefoldBackup(model: ExportModel): Generator<string> {
  yield* chunked(backupParts(model))
}
