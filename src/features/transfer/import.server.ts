import { and, desc, eq, gt, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { IMPORT_FORMATS, type ImportFormat } from '~/config/formats'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { firstRow } from '~/db/raw-rows.server'
import { anime, channel, dataImport, group, groupItem, job, libraryEntry, user } from '~/db/schema'
import { lockTree, requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { groupNameKey } from '~/features/groups/group-names'
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  type GroupColor,
  iconSchema,
  toGroupColor,
} from '~/features/groups/groups.schemas'
import { appendKeys, compareKeys } from '~/features/groups/positions'
import { AppError, ERROR_MESSAGES } from '~/lib/app-error'
import type { ChannelRef } from '~/lib/youtube-urls'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue, type JobContext, PermanentJobError } from '~/server/jobs/jobs.server'
import { log } from '~/server/logger.server'
import { upsertChannels } from '~/server/youtube/catalogue.server'
import { youtubeFor } from '~/server/youtube/youtube-client.server'
import { parseImport } from './formats/parse-import'
import {
  GROUP_PATH_SEPARATOR,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CHANNELS,
  IMPORT_PROBLEM_CODES,
  type ImportGroup,
  type ImportItemRef,
  type ImportModel,
  type ImportOptions,
  type ImportPreview,
  type ImportPreviewGroup,
  type ImportProblem,
  type ImportResult,
  type ImportStatus,
  importOptionsSchema,
} from './transfer.schemas'

/*
 * Imports, from the parsed file to the applied result. The parsed model waits
 * in `data_import` between preview and confirmation; confirming queues the
 * `import.apply` job, which looks channels up on YouTube batch by batch
 * (saving progress and what it found after each batch, so a restart carries
 * on) and then applies everything in ONE transaction: a killed process or a
 * failed statement leaves nothing of the user's behind. Every actor-facing
 * function finds the import among the actor's own (another user's is
 * IMPORT_NOT_FOUND) and the destination through requireGroup (GROUP_NOT_FOUND).
 */

const PREVIEW_TTL = sql`interval '24 hours'`
const FINISHED_VISIBLE = sql`interval '1 hour'`
/** Channels per YouTube round (one `channels.list` call for ids) and per progress save. */
const LOOKUP_BATCH = 50
/** Rows per bulk statement: one JSON parameter each, far below any size limit. */
const WRITE_CHUNK = 5000
const INPUT_MAX = 200
const TITLE_MAX = 500
const LIST_LIMIT = 20
/** The last attempt marks the import failed; the runner's retries cover a lost worker. */
export const IMPORT_JOB_ATTEMPTS = 3
const ACTIVE_STATES = ['queued', 'resolving', 'applying'] as const
const DEFAULT_OPTIONS: ImportOptions = { parentId: null, sameNames: 'merge' }

/* Reading rows back */

const problemSchema = z.object({
  line: z.number().int().nullable(),
  code: z.enum(IMPORT_PROBLEM_CODES),
  input: z.string(),
})
const resultSchema: z.ZodType<ImportResult> = z.object({
  groupsCreated: z.number().int(),
  groupsMerged: z.number().int(),
  channelsAdded: z.number().int(),
  animesAdded: z.number().int(),
  itemsPlaced: z.number().int(),
  notFound: z.array(problemSchema),
})
/** refKey → the channel id YouTube gave, or null when it has no such channel. */
const resolvedSchema = z.record(z.string(), z.string().nullable())
type Resolved = z.infer<typeof resolvedSchema>

const statusColumns = {
  id: dataImport.id,
  state: dataImport.state,
  format: dataImport.format,
  fileName: dataImport.fileName,
  done: dataImport.done,
  total: dataImport.total,
  result: dataImport.result,
  error: dataImport.error,
  createdAt: dataImport.createdAt,
  updatedAt: dataImport.updatedAt,
}
type StatusRow = {
  id: string
  state: ImportStatus['state']
  format: string
  fileName: string | null
  done: number
  total: number
  result: unknown
  error: string | null
  createdAt: Date
  updatedAt: Date
}

function toFormat(value: string): ImportFormat {
  return IMPORT_FORMATS.find((format) => format === value) ?? 'plain'
}

function toStatus(row: StatusRow): ImportStatus {
  const result = row.result === null ? null : resultSchema.safeParse(row.result)
  return {
    importId: row.id,
    state: row.state,
    format: toFormat(row.format),
    fileName: row.fileName,
    done: row.done,
    total: row.total,
    result: result?.success ? result.data : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The stored model is the parser's own output, written by createImport. */
const storedModel = sql<ImportModel>`${dataImport.model}`

/** The stored model emptied but for its format: finished imports no longer carry the file. */
const emptiedModel = sql`jsonb_build_object('format', ${dataImport.model}->'format',
  'groups', '[]'::jsonb, 'ungrouped', '[]'::jsonb, 'channels', '[]'::jsonb,
  'animes', '[]'::jsonb, 'problems', '[]'::jsonb)`

/** The actor's import with its model, or IMPORT_NOT_FOUND (also for someone else's). */
async function requireImport(db: Database, actor: Actor, importId: string) {
  const [row] = await db
    .select({ ...statusColumns, model: storedModel, options: dataImport.options })
    .from(dataImport)
    .where(and(eq(dataImport.id, importId), eq(dataImport.userId, actor.id)))
    .limit(1)
  if (!row) throw new AppError('IMPORT_NOT_FOUND')
  return row
}

/* The plan: what the imported tree becomes under the destination */

type ExistingGroup = {
  id: string
  parentId: string | null
  name: string
  nameKey: string
  position: string
}

/** Where children land: the destination or a planned group. */
type Target = {
  /** The group's id (existing or to be created); null: top level. */
  id: string | null
  depth: number
  /** Items in file order (folded deeper levels included); duplicates are dropped when placed. */
  items: ImportItemRef[]
  children: PlanNode[]
  existingByKey: Map<string, ExistingGroup>
  plannedByKey: Map<string, PlanNode>
  taken: Set<string>
}

type PlanNode = {
  /** True: merged into an existing group (nothing created). */
  merged: boolean
  /** An existing sibling has the file's name (merged into it or renamed). */
  exists: boolean
  /** As the file names it (what the preview shows). */
  fileName: string
  /** As it will be stored. */
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  own: Target
}

type Plan = { root: Target; tooDeep: ImportProblem[]; nodes: PlanNode[] }

function codePoints(value: string): string[] {
  return [...value]
}

function clip(value: string, max: number): string {
  const points = codePoints(value)
  return points.length <= max ? value : points.slice(0, max).join('')
}

/** Parsers already clean names; this keeps a bad one from breaking the unique index or the limit. */
function cleanName(name: string): string {
  const cleaned = clip(name.normalize('NFC').trim(), GROUP_NAME_MAX).trim()
  return cleaned === '' ? '—' : cleaned
}

/** "Name (2)", "Name (3)"… the first whose key no sibling holds, within the length limit. */
function freeName(base: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`
    const candidate = `${clip(base, GROUP_NAME_MAX - suffix.length).trimEnd()}${suffix}`
    if (!taken.has(groupNameKey(candidate))) return candidate
  }
}

function toIcon(icon: string | null): string | null {
  return icon !== null && iconSchema.safeParse(icon).success ? icon : null
}

function byKey(groups: readonly ExistingGroup[]): Map<string, ExistingGroup> {
  return new Map(groups.map((row) => [row.nameKey, row]))
}

/** Appends without spreading: a flat file can hold 20,000 items, too many for call arguments. */
function append<T>(list: T[], more: readonly T[]) {
  for (const value of more) list.push(value)
}

function problemInput(text: string): string {
  return clip(text, INPUT_MAX)
}

/**
 * The imported tree laid over the existing one. Merge: a group whose name
 * (name_key) a sibling already has is that sibling, at any depth. New: it is
 * created beside it under a free name. Levels deeper than GROUP_DEPTH_MAX
 * fold their items into the deepest allowed ancestor. Pure: the preview and
 * the apply share it, so what is shown is what is done.
 */
function planImport(
  model: ImportModel,
  existing: readonly ExistingGroup[],
  destination: { id: string | null; depth: number },
  sameNames: ImportOptions['sameNames'],
  newId: () => string,
): Plan {
  const childrenOf = new Map<string | null, ExistingGroup[]>()
  for (const row of existing) {
    const list = childrenOf.get(row.parentId) ?? []
    list.push(row)
    childrenOf.set(row.parentId, list)
  }
  const target = (id: string | null, depth: number, siblings: ExistingGroup[]): Target => ({
    id,
    depth,
    items: [],
    children: [],
    existingByKey: byKey(siblings),
    plannedByKey: new Map(),
    taken: new Set(siblings.map((row) => row.nameKey)),
  })
  const root = target(destination.id, destination.depth, childrenOf.get(destination.id) ?? [])
  // Ungrouped items only land in a group when the user chose one.
  if (destination.id !== null) append(root.items, model.ungrouped)
  const tooDeep: ImportProblem[] = []
  const nodes: PlanNode[] = []

  const fold = (source: ImportGroup, into: Target, path: string[]) => {
    tooDeep.push({
      line: null,
      code: 'tooDeep',
      input: problemInput(path.join(GROUP_PATH_SEPARATOR)),
    })
    append(into.items, source.items)
    for (const child of source.groups) fold(child, into, [...path, cleanName(child.name)])
  }

  const place = (sources: readonly ImportGroup[], parent: Target, path: string[]) => {
    for (const source of sources) {
      const fileName = cleanName(source.name)
      const childPath = [...path, fileName]
      if (parent.depth + 1 > GROUP_DEPTH_MAX) {
        fold(source, parent, childPath)
        continue
      }
      const key = groupNameKey(fileName)
      const clash = parent.existingByKey.get(key)
      const planned = parent.plannedByKey.get(key)
      let node: PlanNode
      if (sameNames === 'merge' && planned) {
        node = planned
      } else if (sameNames === 'merge' && clash) {
        node = {
          merged: true,
          exists: true,
          fileName,
          name: clash.name,
          description: '',
          icon: toIcon(source.icon),
          color: toGroupColor(source.color),
          own: target(clash.id, parent.depth + 1, childrenOf.get(clash.id) ?? []),
        }
      } else {
        const name = parent.taken.has(key) ? freeName(fileName, parent.taken) : fileName
        node = {
          merged: false,
          exists: clash !== undefined,
          fileName,
          name,
          description: clip(source.description.normalize('NFC').trim(), GROUP_DESCRIPTION_MAX),
          icon: toIcon(source.icon),
          color: toGroupColor(source.color),
          own: target(newId(), parent.depth + 1, []),
        }
      }
      if (node !== planned) {
        parent.children.push(node)
        parent.plannedByKey.set(groupNameKey(node.name), node)
        parent.plannedByKey.set(key, node)
        parent.taken.add(groupNameKey(node.name))
        nodes.push(node)
      }
      append(node.own.items, source.items)
      place(source.groups, node.own, childPath)
    }
  }
  place(model.groups, root, [])
  return { root, tooDeep, nodes }
}

function itemKey(ref: ImportItemRef): string {
  return `${ref.kind}:${ref.key}`
}

function toPreviewGroup(node: PlanNode): ImportPreviewGroup {
  return {
    name: node.fileName,
    icon: node.icon,
    color: node.color,
    itemCount: new Set(node.own.items.map(itemKey)).size,
    exists: node.exists,
    groups: node.own.children.map(toPreviewGroup),
  }
}

/* The destination */

type Destination = {
  id: string | null
  ownerId: string
  depth: number
  existing: ExistingGroup[]
}

async function readGroups(db: Database, ownerId: string): Promise<ExistingGroup[]> {
  return db
    .select({
      id: group.id,
      parentId: group.parentId,
      name: group.name,
      nameKey: group.nameKey,
      position: group.position,
    })
    .from(group)
    .where(eq(group.ownerId, ownerId))
}

function depthIn(existing: readonly ExistingGroup[], id: string | null): number {
  const parents = new Map(existing.map((row) => [row.id, row.parentId]))
  let depth = 0
  for (let at = id; at !== null && depth <= existing.length; at = parents.get(at) ?? null) {
    depth += 1
  }
  return depth
}

/** Whose tree the import lands in: the user's, or the owner of a group they may edit. */
async function destinationOwner(
  db: Database,
  userId: string,
  parentId: string | null,
): Promise<string> {
  return parentId === null
    ? userId
    : (await requireGroup(db, userId, parentId, 'edit')).group.ownerId
}

/** The destination's tree, read after the access check (and, when applying, under the lock). */
async function loadDestination(
  db: Database,
  ownerId: string,
  parentId: string | null,
): Promise<Destination> {
  const existing = await readGroups(db, ownerId)
  // Deleted between the access check and this read.
  if (parentId !== null && !existing.some((row) => row.id === parentId)) {
    throw new AppError('GROUP_NOT_FOUND')
  }
  return { id: parentId, ownerId, depth: depthIn(existing, parentId), existing }
}

/* Preview */

function isId(ref: ChannelRef): ref is Extract<ChannelRef, { kind: 'id' }> {
  return ref.kind === 'id'
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
  const inLibrary = await libraryKeys(db, destination.ownerId)
  const plan = planImport(
    model,
    destination.existing,
    destination,
    options.sameNames,
    () => 'preview',
  )
  let channelsIn = 0
  let toResolve = 0
  for (const { ref } of model.channels) {
    if (!isId(ref)) toResolve += 1
    else if (inLibrary.has(`channel:${ref.id}`)) channelsIn += 1
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
      new: model.channels.length - channelsIn - toResolve,
      inLibrary: channelsIn,
      toResolve,
    },
    animes: {
      total: model.animes.length,
      new: model.animes.length - animesIn,
      inLibrary: animesIn,
    },
    problems: [...model.problems, ...plan.tooDeep],
    options,
  }
}

/** What the preview screen shows; reads only. */
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
  const fileName = input.fileName === null ? null : clip(input.fileName, INPUT_MAX)
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
  if (input.file.size > IMPORT_MAX_BYTES) {
    throw new AppError('IMPORT_TOO_LARGE', { max: IMPORT_MAX_BYTES / 1024 / 1024 })
  }
  const bytes = new Uint8Array(await input.file.arrayBuffer())
  const fileName = input.file.name === '' ? null : input.file.name
  return createImport(db, actor, { model: await parseImport(bytes, fileName), fileName })
}

/** Pasted text: a list of links, or a whole file's content. */
export async function previewImportText(
  db: Database,
  actor: Actor,
  input: { text: string },
): Promise<ImportPreview> {
  const bytes = new TextEncoder().encode(input.text)
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new AppError('IMPORT_TOO_LARGE', { max: IMPORT_MAX_BYTES / 1024 / 1024 })
  }
  return createImport(db, actor, { model: await parseImport(bytes, null), fileName: null })
}

/* Confirming, following, cancelling */

/** Confirms: the options are kept and the job queued in the same transaction. */
export async function startImport(
  db: Database,
  actor: Actor,
  input: { importId: string; options: ImportOptions },
): Promise<ImportStatus> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: dataImport.state })
      .from(dataImport)
      .where(and(eq(dataImport.id, input.importId), eq(dataImport.userId, actor.id)))
      .for('update')
    if (!row || row.state === 'cancelled') throw new AppError('IMPORT_NOT_FOUND')
    if (row.state !== 'preview') throw new AppError('IMPORT_ALREADY_STARTED')
    if (input.options.parentId !== null) {
      await requireGroup(tx, actor.id, input.options.parentId, 'edit')
    }
    const [updated] = await tx
      .update(dataImport)
      .set({ state: 'queued', options: input.options, done: 0, total: 0 })
      .where(eq(dataImport.id, input.importId))
      .returning(statusColumns)
    if (!updated) throw new AppError('IMPORT_NOT_FOUND')
    await enqueue(tx, importJob, { importId: input.importId }, { singletonKey: input.importId })
    return toStatus(updated)
  })
}

/**
 * An import still marked as running whose job is gone (its worker died
 * during the last attempt) would poll forever: it is failed here.
 */
async function settleOrphans(db: Database, userId: string, importId?: string) {
  await db
    .update(dataImport)
    .set({ state: 'failed', error: ERROR_MESSAGES.INTERNAL })
    .where(
      and(
        eq(dataImport.userId, userId),
        importId === undefined ? undefined : eq(dataImport.id, importId),
        inArray(dataImport.state, [...ACTIVE_STATES]),
        sql`not exists (select 1 from ${job} where ${job.singletonKey} = ${dataImport.id}::text and ${job.state} in ('queued', 'active'))`,
      ),
    )
}

export async function getImportStatus(
  db: Database,
  actor: Actor,
  input: { importId: string },
): Promise<ImportStatus> {
  await settleOrphans(db, actor.id, input.importId)
  const [row] = await db
    .select(statusColumns)
    .from(dataImport)
    .where(and(eq(dataImport.id, input.importId), eq(dataImport.userId, actor.id)))
  if (!row) throw new AppError('IMPORT_NOT_FOUND')
  return toStatus(row)
}

/** The actor's running imports and those finished within the hour, newest first. */
export async function listImports(db: Database, actor: Actor): Promise<ImportStatus[]> {
  await settleOrphans(db, actor.id)
  const rows = await db
    .select(statusColumns)
    .from(dataImport)
    .where(
      and(
        eq(dataImport.userId, actor.id),
        or(
          inArray(dataImport.state, [...ACTIVE_STATES]),
          and(
            inArray(dataImport.state, ['done', 'failed']),
            gt(dataImport.updatedAt, sql`now() - ${FINISHED_VISIBLE}`),
          ),
        ),
      ),
    )
    .orderBy(desc(dataImport.createdAt), desc(dataImport.id))
    .limit(LIST_LIMIT)
  return rows.map(toStatus)
}

/** Before it runs only: a preview is dropped, a queued import never starts. */
export async function cancelImport(
  db: Database,
  actor: Actor,
  input: { importId: string },
): Promise<ImportStatus> {
  const [row] = await db
    .select({ state: dataImport.state })
    .from(dataImport)
    .where(and(eq(dataImport.id, input.importId), eq(dataImport.userId, actor.id)))
  if (!row || row.state === 'cancelled') throw new AppError('IMPORT_NOT_FOUND')
  const [updated] = await db
    .update(dataImport)
    .set({ state: 'cancelled', model: emptiedModel, resolved: {} })
    .where(
      and(
        eq(dataImport.id, input.importId),
        eq(dataImport.userId, actor.id),
        inArray(dataImport.state, ['preview', 'queued']),
      ),
    )
    .returning(statusColumns)
  // Gone past `queued` meanwhile: the job owns it now.
  if (!updated) throw new AppError('IMPORT_ALREADY_STARTED')
  return toStatus(updated)
}

/* The job: resolving */

type JobRow = {
  id: string
  userId: string
  state: ImportStatus['state']
  model: ImportModel
  options: unknown
  resolved: unknown
}

async function loadJobRow(
  db: Database,
  importId: string,
  options: { lock: boolean } = { lock: false },
): Promise<JobRow | undefined> {
  const query = db
    .select({
      id: dataImport.id,
      userId: dataImport.userId,
      state: dataImport.state,
      model: storedModel,
      options: dataImport.options,
      resolved: dataImport.resolved,
    })
    .from(dataImport)
    .where(eq(dataImport.id, importId))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

function jsonParam(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::json`
}

/** The ids among these that the shared catalogue already has. */
async function catalogued(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (const part of chunks(ids, WRITE_CHUNK)) {
    const [row] = await db
      .select({ ids: sql<string[]>`coalesce(json_agg(${channel.id}), '[]'::json)` })
      .from(channel)
      .where(sql`${channel.id} in (select json_array_elements_text(${jsonParam(part)}))`)
    for (const id of row?.ids ?? []) found.add(id)
  }
  return found
}

type Lookup =
  | { kind: 'resolve'; refs: { key: string; ref: ChannelRef }[] }
  | { kind: 'meta'; ids: { key: string; id: string }[] }

/**
 * Looks up what the file names by handle or custom URL, and metadata for ids
 * the catalogue lacks (all of them through the Data API; without it, channel
 * pages only for ids the file gave no title). Each batch saves its findings
 * and the progress, so a restart skips what `resolved` already holds.
 * YouTube being down ends the lookups: the file's titles stay, and handles
 * left unresolved are reported as not found.
 */
async function resolvePhase(db: Database, row: JobRow, ctx: ImportJobContext): Promise<void> {
  const resolved: Resolved = resolvedSchema.catch({}).parse(row.resolved)
  const youtube = youtubeFor(db, 'import')
  const pendingRefs = row.model.channels.filter(
    (entry) => entry.ref.kind !== 'id' && !(entry.key in resolved),
  )
  const idCandidates = row.model.channels.flatMap((entry) =>
    isId(entry.ref) && !(entry.key in resolved) && (youtube.usesApi || !entry.title)
      ? [{ key: entry.key, id: entry.ref.id }]
      : [],
  )
  const known = await catalogued(
    db,
    idCandidates.map((entry) => entry.id),
  )
  const pendingIds = idCandidates.filter((entry) => !known.has(entry.id))
  const lookups: Lookup[] = [
    ...chunks(pendingRefs, LOOKUP_BATCH).map((refs): Lookup => ({ kind: 'resolve', refs })),
    ...chunks(pendingIds, LOOKUP_BATCH).map((ids): Lookup => ({ kind: 'meta', ids })),
  ]
  let done = Object.keys(resolved).length
  const total = done + pendingRefs.length + pendingIds.length
  await db.update(dataImport).set({ done, total }).where(eq(dataImport.id, row.id))

  for (const lookup of lookups) {
    if (ctx.signal.aborted) throw new Error('import: stopped while resolving')
    const patch: Resolved = {}
    try {
      if (lookup.kind === 'resolve') {
        const found = await youtube.resolve(lookup.refs.map((entry) => entry.ref))
        await upsertChannels(
          db,
          [...found.values()].flatMap((value) => (value ? [value] : [])),
        )
        for (const { key } of lookup.refs) patch[key] = found.get(key)?.id ?? null
      } else {
        const found = await youtube.channelsByIds(lookup.ids.map((entry) => entry.id))
        await upsertChannels(db, [...found.values()])
        // Unknown to YouTube or not: the id itself is the answer, the file's title stays.
        for (const { key, id } of lookup.ids) patch[key] = id
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'YOUTUBE_UNAVAILABLE') {
        log.warn('import.youtube_unavailable', { importId: row.id, reason: error.params.reason })
        return
      }
      throw error
    }
    done += Object.keys(patch).length
    await db
      .update(dataImport)
      .set({ resolved: sql`${dataImport.resolved} || ${JSON.stringify(patch)}::jsonb`, done })
      .where(eq(dataImport.id, row.id))
    await ctx.extendLease()
  }
}

/* The job: applying */

type ImportJobContext = Pick<JobContext, 'signal' | 'extendLease'>

/** Only image hosts YouTube, AniList and Crunchyroll use: a file must not plant a tracker in the shared catalogue. */
const IMAGE_HOSTS = [
  'ggpht.com',
  'googleusercontent.com',
  'ytimg.com',
  'anilist.co',
  'crunchyroll.com',
]

function safeImageUrl(value: string | null): string | null {
  if (value === null || value.length > 2000) return null
  try {
    const url = new URL(value)
    const host = url.hostname.toLowerCase()
    const allowed = IMAGE_HOSTS.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
    return url.protocol === 'https:' && allowed ? url.href : null
  } catch {
    return null
  }
}

function refInput(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return ref.id
    case 'handle':
      return `@${ref.handle}`
    case 'username':
      return `youtube.com/user/${ref.username}`
    case 'custom':
      return `youtube.com/c/${ref.name}`
  }
}

function countOf(value: unknown): number {
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : 0
}

const pairsSchema = z.array(z.tuple([z.string(), z.string().nullable()]))

type CatalogueRow = { id: string; title: string; handle: string | null; avatar_url: string | null }
type EntryRow = {
  kind: 'channel' | 'anime'
  channel_id: string | null
  anime_id: string | null
  alias: string | null
  notes: string
  tags: string[]
}
type GroupRow = {
  id: string
  parent_id: string | null
  name: string
  name_key: string
  description: string
  icon: string | null
  color: string | null
  position: string
}

/** The file's channels as YouTube ids (handles through what was resolved), and what each brings. */
function collectEntries(model: ImportModel, resolved: Resolved) {
  const channelOf = new Map<string, string>()
  const catalogue = new Map<string, CatalogueRow>()
  const entries = new Map<string, EntryRow>()
  const notFound: ImportProblem[] = []
  for (const entry of model.channels) {
    const id = isId(entry.ref) ? entry.ref.id : resolved[entry.key]
    if (!id) {
      notFound.push({ line: null, code: 'notChannel', input: problemInput(refInput(entry.ref)) })
      continue
    }
    channelOf.set(entry.key, id)
    if (!catalogue.has(id)) {
      const handle = entry.ref.kind === 'handle' ? entry.ref.handle : null
      catalogue.set(id, {
        id,
        title: clip(entry.title || (handle ? `@${handle}` : id), TITLE_MAX),
        handle,
        avatar_url: safeImageUrl(entry.avatarUrl),
      })
    }
    const key = `channel:${id}`
    if (!entries.has(key) || entry.extras) {
      entries.set(key, {
        kind: 'channel',
        channel_id: id,
        anime_id: null,
        alias: entry.extras?.alias || null,
        notes: entry.extras?.notes ?? '',
        tags: entry.extras?.tags ?? [],
      })
    }
  }
  for (const item of model.animes) {
    entries.set(`anime:${item.key}`, {
      kind: 'anime',
      channel_id: null,
      anime_id: item.key,
      alias: item.extras?.alias || null,
      notes: item.extras?.notes ?? '',
      tags: item.extras?.tags ?? [],
    })
  }
  return { channelOf, catalogue, entries: [...entries.values()], notFound }
}

/** Rows YouTube gave are already in the shared catalogue; the file's facts fill the rest. */
async function writeCatalogue(
  tx: Database,
  channels: readonly CatalogueRow[],
  animes: ImportModel['animes'],
) {
  for (const part of chunks(channels, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${channel} (id, title, handle, avatar_url)
      select x.id, x.title, x.handle, x.avatar_url
      from json_to_recordset(${jsonParam(part)})
        as x(id text, title text, handle text, avatar_url text)
      on conflict (id) do nothing`)
  }
  const animeRows = animes.map((item) => ({
    id: item.key,
    slug: item.slug,
    title: clip(item.title || item.slug, TITLE_MAX),
    poster_url: safeImageUrl(item.posterUrl),
  }))
  for (const part of chunks(animeRows, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${anime} (id, slug, title, poster_url)
      select x.id, x.slug, x.title, x.poster_url
      from json_to_recordset(${jsonParam(part)})
        as x(id text, slug text, title text, poster_url text)
      on conflict (id) do nothing`)
  }
}

/**
 * UUIDv7-shaped ids that increase in the order asked for. Entries created by
 * one statement share their `created_at`; lists (and exports) then order
 * them by id, so the library keeps the file's order. Made here also because
 * gen_random_uuid() per row costs more than the rest of the row on PGlite.
 */
function increasingIds(): () => string {
  const time = Date.now().toString(16).padStart(12, '0').slice(-12)
  let counter = 0
  return () => {
    const hi = ((counter >> 12) & 0xfff).toString(16).padStart(3, '0')
    const lo = (counter & 0xfff).toString(16).padStart(3, '0')
    counter += 1
    const tail = crypto.randomUUID().slice(-12)
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hi}-8${lo}-${tail}`
  }
}

/**
 * Library entries for everything the file names, existing ones kept: a
 * backup's alias, notes and tags fill the entries it creates and the empty
 * fields of those the user already has. Answers the entry id by
 * `kind:catalogueId` and how many entries were created.
 */
async function writeLibrary(tx: Database, ownerId: string, entries: readonly EntryRow[]) {
  const withExtras = entries.filter((entry) => entry.alias || entry.notes || entry.tags.length > 0)
  for (const part of chunks(withExtras, WRITE_CHUNK)) {
    await tx.execute(sql`update ${libraryEntry} le set
        alias = coalesce(le.alias, x.alias),
        notes = case when le.notes = '' then x.notes else le.notes end,
        tags = case when jsonb_array_length(le.tags) = 0 then x.tags else le.tags end,
        version = le.version + 1,
        updated_at = now()
      from json_to_recordset(${jsonParam(part)})
        as x(kind text, channel_id text, anime_id text, alias text, notes text, tags jsonb)
      where le.user_id = ${ownerId} and le.kind = x.kind
        and coalesce(le.channel_id, le.anime_id) = coalesce(x.channel_id, x.anime_id)
        and ((le.alias is null and x.alias is not null)
          or (le.notes = '' and x.notes <> '')
          or (jsonb_array_length(le.tags) = 0 and jsonb_array_length(x.tags) > 0))`)
  }
  let channels = 0
  let animes = 0
  const nextId = increasingIds()
  for (const part of chunks(entries, WRITE_CHUNK)) {
    const rows = part.map((entry) => ({ ...entry, id: nextId() }))
    const counts = firstRow(
      await tx.execute(sql`with inserted as (
        insert into ${libraryEntry} (id, user_id, kind, channel_id, anime_id, alias, notes, tags)
        select x.id, ${ownerId}, x.kind, x.channel_id, x.anime_id, x.alias, x.notes, x.tags
        from json_to_recordset(${jsonParam(rows)})
          as x(id uuid, kind text, channel_id text, anime_id text, alias text, notes text, tags jsonb)
        on conflict do nothing
        returning kind
      )
      select count(*) filter (where kind = 'channel') as channels,
        count(*) filter (where kind = 'anime') as animes
      from inserted`),
    )
    channels += countOf(counts.channels)
    animes += countOf(counts.animes)
  }
  const [all] = await tx
    .select({
      pairs: sql<unknown>`coalesce(json_agg(json_build_array(
        ${libraryEntry.kind} || ':' || coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId}),
        ${libraryEntry.id})), '[]'::json)`,
    })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, ownerId))
  const entryOf = new Map<string, string>()
  for (const [key, id] of pairsSchema.parse(all?.pairs ?? [])) if (id) entryOf.set(key, id)
  return { channelsAdded: channels, animesAdded: animes, entryOf }
}

/** The planned groups not merged into existing ones, after their parent's last child, in file order. */
async function writeGroups(
  tx: Database,
  ownerId: string,
  plan: Plan,
  existing: readonly ExistingGroup[],
): Promise<{ created: Set<string>; targets: Target[] }> {
  const lastChild = new Map<string | null, string>()
  for (const row of existing) {
    const last = lastChild.get(row.parentId)
    if (last === undefined || compareKeys(row.position, last) > 0) {
      lastChild.set(row.parentId, row.position)
    }
  }
  const rows: GroupRow[] = []
  const targets: Target[] = []
  // Parents before children, so each row's parent exists when it is inserted.
  const walk = (target: Target) => {
    targets.push(target)
    const fresh = target.children.filter((node) => !node.merged)
    const keys = appendKeys(lastChild.get(target.id), fresh.length)
    fresh.forEach((node, at) => {
      rows.push({
        id: node.own.id ?? '',
        parent_id: target.id,
        name: node.name,
        name_key: groupNameKey(node.name),
        description: node.description,
        icon: node.icon,
        color: node.color,
        position: keys[at] ?? '',
      })
    })
    for (const node of target.children) walk(node.own)
  }
  walk(plan.root)
  for (const part of chunks(rows, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${group}
        (id, owner_id, parent_id, name, name_key, description, icon, color, position)
      select x.id, ${ownerId}, x.parent_id, x.name, x.name_key, x.description, x.icon, x.color, x.position
      from json_to_recordset(${jsonParam(part)}) as x(id uuid, parent_id uuid, name text,
        name_key text, description text, icon text, color text, position text)`)
  }
  return { created: new Set(rows.map((row) => row.id)), targets }
}

/** Appends each target's items in file order, skipping what a group already holds. */
async function placeItems(
  tx: Database,
  actorId: string,
  targets: readonly Target[],
  created: ReadonlySet<string>,
  entryIdOf: (ref: ImportItemRef) => string | undefined,
): Promise<number> {
  const existingTargets = targets.flatMap((target) =>
    target.id !== null && !created.has(target.id) && target.items.length > 0 ? [target.id] : [],
  )
  const present = new Set<string>()
  const lastItem = new Map<string, string>()
  if (existingTargets.length > 0) {
    const ids = sql`(select (value)::uuid from json_array_elements_text(${jsonParam(existingTargets)}))`
    const found = firstRow(
      await tx.execute(sql`select
        (select coalesce(json_agg(json_build_array(gi.group_id, gi.entry_id)), '[]'::json)
          from ${groupItem} gi where gi.group_id in ${ids}) as present,
        (select coalesce(json_agg(json_build_array(m.group_id, m.last)), '[]'::json)
          from (select gi.group_id, max(gi.position) as last from ${groupItem} gi
            where gi.group_id in ${ids} group by gi.group_id) m) as lasts`),
    )
    for (const [groupId, entryId] of pairsSchema.parse(found.present)) {
      present.add(`${groupId}/${entryId}`)
    }
    for (const [groupId, last] of pairsSchema.parse(found.lasts)) {
      if (last !== null) lastItem.set(groupId, last)
    }
  }
  const rows: { g: string; e: string; p: string }[] = []
  for (const target of targets) {
    if (target.id === null) continue
    const groupId = target.id
    const fresh: string[] = []
    for (const ref of target.items) {
      const entryId = entryIdOf(ref)
      if (entryId === undefined || present.has(`${groupId}/${entryId}`)) continue
      present.add(`${groupId}/${entryId}`)
      fresh.push(entryId)
    }
    const keys = appendKeys(lastItem.get(groupId), fresh.length)
    fresh.forEach((entryId, at) => {
      rows.push({ g: groupId, e: entryId, p: keys[at] ?? '' })
    })
  }
  for (const part of chunks(rows, WRITE_CHUNK)) {
    await tx.execute(sql`insert into ${groupItem} (group_id, entry_id, position, added_by)
      select x.g, x.e, x.p, ${actorId}
      from json_to_recordset(${jsonParam(part)}) as x(g uuid, e uuid, p text)`)
  }
  return rows.length
}

/**
 * Everything the user gets, in one transaction holding the tree lock:
 * catalogue rows, library entries, groups, items, one activity row and the
 * import's result. Bulk statements take one JSON parameter per chunk, never
 * a round trip per row.
 */
async function applyPhase(db: Database, importId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock makes a second worker wait here and then find the import done.
    const row = await loadJobRow(tx, importId, { lock: true })
    if (row?.state !== 'applying') return
    const { model, userId: actorId } = row
    const options = importOptionsSchema.safeParse(row.options)
    if (!options.success) throw new AppError('INTERNAL')
    const { parentId, sameNames } = options.data
    const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actorId))
    if (!actor) throw new AppError('IMPORT_NOT_FOUND')

    const ownerId = await destinationOwner(tx, actorId, parentId)
    await lockTree(tx, ownerId)
    const destination = await loadDestination(tx, ownerId, parentId)
    const plan = planImport(model, destination.existing, destination, sameNames, () =>
      crypto.randomUUID(),
    )
    const collected = collectEntries(model, resolvedSchema.catch({}).parse(row.resolved))
    await writeCatalogue(tx, [...collected.catalogue.values()], model.animes)
    const library = await writeLibrary(tx, ownerId, collected.entries)
    const { created, targets } = await writeGroups(tx, ownerId, plan, destination.existing)
    const itemsPlaced = await placeItems(tx, actorId, targets, created, (ref) => {
      const id = ref.kind === 'anime' ? ref.key : collected.channelOf.get(ref.key)
      return id === undefined ? undefined : library.entryOf.get(`${ref.kind}:${id}`)
    })

    const groupsMerged = plan.nodes.filter((node) => node.merged).length
    const result: ImportResult = {
      groupsCreated: created.size,
      groupsMerged,
      channelsAdded: library.channelsAdded,
      animesAdded: library.animesAdded,
      itemsPlaced,
      notFound: collected.notFound,
    }
    await recordActivity(tx, { id: actorId, name: actor.name }, ownerId, [
      {
        groupId: parentId,
        action: 'import.applied',
        details: {
          format: model.format,
          groups: created.size + groupsMerged,
          channels: collected.catalogue.size,
        },
      },
    ])
    await tx
      .update(dataImport)
      .set({ state: 'done', result, model: emptiedModel, resolved: {}, error: null })
      .where(eq(dataImport.id, importId))
  })
}

/**
 * One run of the import job: queued → resolving → applying → done. Safe to
 * repeat at any point (the runner delivers at least once): each phase picks
 * up from the stored state, and a finished or cancelled import is left alone.
 */
export async function runImport(
  db: Database,
  importId: string,
  ctx: ImportJobContext,
): Promise<void> {
  const row = await loadJobRow(db, importId)
  if (!row) return
  if (row.state === 'queued' || row.state === 'resolving') {
    const [moved] = await db
      .update(dataImport)
      .set({ state: 'resolving' })
      .where(and(eq(dataImport.id, importId), inArray(dataImport.state, ['queued', 'resolving'])))
      .returning({ id: dataImport.id })
    if (!moved) return
    await resolvePhase(db, row, ctx)
    await db
      .update(dataImport)
      .set({ state: 'applying' })
      .where(and(eq(dataImport.id, importId), eq(dataImport.state, 'resolving')))
  } else if (row.state !== 'applying') {
    return
  }
  if (ctx.signal.aborted) throw new Error('import: stopped before applying')
  await applyPhase(db, importId)
}

function errorKey(error: unknown): string {
  return error instanceof AppError ? ERROR_MESSAGES[error.code] : ERROR_MESSAGES.INTERNAL
}

/** A domain refusal (the destination was deleted…) or the last attempt: the import fails for good. */
async function failImport(db: Database, importId: string, error: unknown) {
  await db
    .update(dataImport)
    .set({ state: 'failed', error: errorKey(error), model: emptiedModel, resolved: {} })
    .where(
      and(
        eq(dataImport.id, importId),
        notInArray(dataImport.state, ['done', 'cancelled', 'failed']),
      ),
    )
}

export const importJob = defineJob({
  name: 'import.apply',
  schema: z.object({ importId: z.uuid() }),
  maxAttempts: IMPORT_JOB_ATTEMPTS,
  backoffMs: 5000,
  handler: async (payload, ctx) => {
    const db = await getDb()
    try {
      await runImport(db, payload.importId, ctx)
    } catch (error) {
      // Stopping or a lost lease: another run carries on from the stored state.
      if (ctx.signal.aborted) throw error
      if (error instanceof AppError || ctx.attempt >= IMPORT_JOB_ATTEMPTS) {
        await failImport(db, payload.importId, error)
        throw new PermanentJobError(error instanceof Error ? error.message : String(error))
      }
      throw error
    }
  },
})
