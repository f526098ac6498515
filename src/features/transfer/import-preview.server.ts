import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { dataImport, libraryEntry } from '~/db/schema'
import { clipName } from '~/features/groups/group-names'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { parseImportInWorker } from './formats/parse-in-worker.server'
import { destinationOwner, loadDestination } from './import-destination.server'
import { importBreaches } from './import-limits.server'
import { INPUT_MAX, isId, planImport, toPreviewGroup } from './import-plan'
import { contentsOf } from './import-selection'
import { statusColumns, storedModel } from './import-store.server'
import { confirmedIds } from './import-writes.server'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CHANNELS,
  type ImportContents,
  type ImportModel,
  type ImportOptions,
  type ImportPreview,
  importTooLarge,
} from './transfer.schemas'

/* Kept in `data_import` until confirmed (or 24 hours pass); nothing of the user's is written here. */

const PREVIEW_TTL = sql`interval '24 hours'`
const DEFAULT_OPTIONS: ImportOptions = { parentId: null, sameNames: 'merge' }

/** The actor's import with its model, or IMPORT_NOT_FOUND (also for someone else's). */
async function requireImport(db: Database, actor: Actor, importId: string) {
  const [row] = await db
    .select({ ...statusColumns, model: storedModel })
    .from(dataImport)
    .where(and(eq(dataImport.id, importId), eq(dataImport.userId, actor.id)))
    .limit(1)
  if (!row) throw new AppError('IMPORT_NOT_FOUND')
  return row
}

async function libraryKeys(db: Database, userId: string): Promise<Set<string>> {
  const [row] = await db
    .select({
      keys: sql<
        string[]
      >`coalesce(json_agg(${libraryEntry.kind} || ':' || coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId})), '[]'::json)`,
    })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
  return new Set(row?.keys ?? [])
}

async function buildPreview(
  db: Database,
  actor: Actor,
  row: { id: string; fileName: string | null; model: ImportModel },
  options: ImportOptions,
): Promise<ImportPreview> {
  const model = row.model
  const destination = await loadDestination(
    db,
    await destinationOwner(db, actor.id, options.parentId),
    options.parentId,
  )
  // Relative to the actor's own library: a shared destination's owner keeps theirs to themselves.
  const inLibrary = await libraryKeys(db, actor.id)
  const plan = planImport(
    model,
    destination.existing,
    destination,
    options.sameNames,
    () => 'preview',
  )
  // Ids YouTube has not confirmed are asked about too: they may end up pending.
  const confirmed = await confirmedIds(
    db,
    model.channels.flatMap(({ ref }) => (isId(ref) ? [ref.id] : [])),
  )
  let channelsIn = 0
  let handles = 0
  let toResolve = 0
  for (const { ref } of model.channels) {
    if (!isId(ref)) {
      handles += 1
      toResolve += 1
    } else {
      if (inLibrary.has(`channel:${ref.id}`)) channelsIn += 1
      if (!confirmed.has(ref.id)) toResolve += 1
    }
  }
  const animesIn = model.animes.filter((anime) => inLibrary.has(`anime:${anime.key}`)).length
  return {
    importId: row.id,
    format: model.format,
    fileName: row.fileName,
    groups: plan.root.children.map(toPreviewGroup),
    groupCount: plan.nodes.length,
    channels: {
      total: model.channels.length,
      new: model.channels.length - channelsIn - handles,
      inLibrary: channelsIn,
      toResolve,
    },
    animes: {
      total: model.animes.length,
      new: model.animes.length - animesIn,
      inLibrary: animesIn,
    },
    problems: [...model.problems, ...plan.tooDeep],
    limits: await importBreaches(db, actor.id, model, options),
    options,
  }
}

export async function getImportPreview(
  db: Database,
  actor: Actor,
  input: { importId: string; options: ImportOptions },
): Promise<ImportPreview> {
  const row = await requireImport(db, actor, input.importId)
  if (row.state === 'cancelled') throw new AppError('IMPORT_NOT_FOUND')
  if (row.state === 'done' || row.state === 'failed') throw new AppError('IMPORT_ALREADY_STARTED')
  return buildPreview(db, actor, row, input.options)
}

export async function getImportContents(
  db: Database,
  actor: Actor,
  input: { importId: string },
): Promise<ImportContents> {
  const row = await requireImport(db, actor, input.importId)
  if (row.state === 'cancelled') throw new AppError('IMPORT_NOT_FOUND')
  if (row.state !== 'preview') throw new AppError('IMPORT_ALREADY_STARTED')
  return contentsOf(row.model)
}

/** Keeps a parsed file until the user confirms (or 24 hours pass) and answers its preview. */
export async function createImport(
  db: Database,
  actor: Actor,
  input: { model: ImportModel; fileName: string | null },
): Promise<ImportPreview> {
  const { model } = input
  if (model.channels.length > IMPORT_MAX_CHANNELS) {
    throw new AppError('IMPORT_TOO_MANY', { max: IMPORT_MAX_CHANNELS })
  }
  if (model.channels.length === 0 && model.animes.length === 0 && model.groups.length === 0) {
    throw new AppError('IMPORT_EMPTY')
  }
  // Opportunistic clean-up: unconfirmed files are not kept.
  await db
    .delete(dataImport)
    .where(
      and(
        inArray(dataImport.state, ['preview', 'cancelled']),
        lt(dataImport.createdAt, sql`now() - ${PREVIEW_TTL}`),
      ),
    )
  const fileName = input.fileName === null ? null : clipName(input.fileName, INPUT_MAX)
  const [created] = await db
    .insert(dataImport)
    .values({ userId: actor.id, format: model.format, fileName, model })
    .returning({ id: dataImport.id })
  if (!created) throw new AppError('INTERNAL')
  return buildPreview(db, actor, { id: created.id, fileName, model }, DEFAULT_OPTIONS)
}

/** An uploaded file: read (already checked to be at most IMPORT_MAX_BYTES), parsed, kept. */
export async function previewImportFile(
  db: Database,
  actor: Actor,
  input: { file: File },
): Promise<ImportPreview> {
  if (input.file.size > IMPORT_MAX_BYTES) throw importTooLarge()
  const bytes = new Uint8Array(await input.file.arrayBuffer())
  const fileName = input.file.name === '' ? null : input.file.name
  return createImport(db, actor, { model: await parseImportInWorker(bytes, fileName), fileName })
}

/** Pasted text: a list of links, or a whole file's content. */
export async function previewImportText(
  db: Database,
  actor: Actor,
  input: { text: string },
): Promise<ImportPreview> {
  const bytes = new TextEncoder().encode(input.text)
  if (bytes.length > IMPORT_MAX_BYTES) throw importTooLarge()
  return createImport(db, actor, { model: await parseImportInWorker(bytes, null), fileName: null })
}
