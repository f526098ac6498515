import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { group, groupActivity, groupItem, job, libraryEntry } from '../../src/db/schema'
import { setYoutubeForTests } from '../../src/features/catalogue/youtube.server'
import { compareKeys } from '../../src/features/groups/positions'
import { importJob } from '../../src/features/transfer/import-apply.server'
import type { ImportJobContext } from '../../src/features/transfer/import-lookups.server'
import { createImport } from '../../src/features/transfer/import-preview.server'
import { getImportStatus, startImport } from '../../src/features/transfer/imports.server'
import type {
  EntryExtras,
  ImportChannel,
  ImportGroup,
  ImportItemRef,
  ImportModel,
  ImportOptions,
  ImportPreviewGroup,
  ImportStatus,
} from '../../src/features/transfer/transfer.schemas'
import { type ChannelRef, refKey } from '../../src/lib/youtube-urls'
import { DEMO_CHANNELS } from '../../src/seed/factories/catalogue-fixtures'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  seededRandom,
  type TreeSpec,
  upsertCatalogue,
} from '../../src/seed/factories/organiser.server'
import type { Actor } from '../../src/server/auth/signed-in.middleware'
import { getDb } from '../../src/server/database.server'
import { resetEnvCacheForTests } from '../../src/server/env.server'
import { runDueJobs } from '../../src/server/jobs/jobs.server'
import { startYoutubeFake, type YoutubeFake } from '../fakes/youtube-fake'

/*
 * The world of the transfer integration tests: the fake YouTube (and Google
 * OAuth) the app is pointed at, import models built by hand, accounts seeded
 * from the shared factories, and readers of what a user ends up with.
 */

/* The fake YouTube */

const FAKE_ENV_KEYS = [
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_OAUTH_AUTHORIZE_URL',
  'GOOGLE_OAUTH_TOKEN_URL',
  'GOOGLE_OAUTH_REVOKE_URL',
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_WEB_BASE_URL',
  'YOUTUBE_API_KEY',
] as const

/**
 * Starts the fake for the calling test file and points the app's env at it
 * (Data API key included); after each test the fake forgets its calls and
 * faults, after the file the env is as it was. Call at the top of the file.
 */
export function setUpYoutubeFake(): () => YoutubeFake {
  const saved = Object.fromEntries(FAKE_ENV_KEYS.map((key) => [key, process.env[key]]))
  let fake: YoutubeFake | undefined
  beforeAll(async () => {
    fake = await startYoutubeFake()
    process.env.GOOGLE_OAUTH_AUTHORIZE_URL = fake.oauthUrls.authorize
    process.env.GOOGLE_OAUTH_TOKEN_URL = fake.oauthUrls.token
    process.env.GOOGLE_OAUTH_REVOKE_URL = fake.oauthUrls.revoke
    process.env.YOUTUBE_API_BASE_URL = fake.apiBaseUrl
    process.env.YOUTUBE_WEB_BASE_URL = fake.webBaseUrl
    process.env.YOUTUBE_API_KEY = 'test-key'
    resetEnvCacheForTests()
  })
  afterEach(() => {
    setYoutubeForTests(undefined)
    fake?.reset()
    fake?.oauth.reset()
    fake?.setOptions({ failRate: 0, quotaExhausted: false })
  })
  afterAll(async () => {
    await fake?.close()
    for (const key of FAKE_ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
    resetEnvCacheForTests()
  })
  return () => {
    if (!fake) throw new Error('the fake YouTube starts in beforeAll')
    return fake
  }
}

/* Import models */

export const MERGE: ImportOptions = { parentId: null, sameNames: 'merge' }

export function demo(handle: string) {
  const found = DEMO_CHANNELS.find((row) => row.handle === handle)
  if (!found) throw new Error(`no demo channel @${handle}`)
  return found
}

export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`)
  return value
}

export function byId(id: string, title: string | null = null, extras: EntryExtras | null = null) {
  const ref: ChannelRef = { kind: 'id', id }
  return { key: refKey(ref), ref, title, avatarUrl: null, extras } satisfies ImportChannel
}

export function byHandle(handle: string): ImportChannel {
  const ref: ChannelRef = { kind: 'handle', handle }
  return { key: refKey(ref), ref, title: null, avatarUrl: null, extras: null }
}

export function item(entry: ImportChannel): ImportItemRef {
  return { kind: 'channel', key: entry.key }
}

export function folder(
  name: string,
  items: ImportChannel[] = [],
  groups: ImportGroup[] = [],
  look: Partial<Pick<ImportGroup, 'icon' | 'color' | 'description'>> = {},
): ImportGroup {
  return {
    name,
    description: look.description ?? '',
    icon: look.icon ?? null,
    color: look.color ?? null,
    groups,
    items: items.map(item),
  }
}

export function model(parts: Partial<ImportModel> & Pick<ImportModel, 'channels'>): ImportModel {
  return {
    format: 'opml',
    groups: [],
    ungrouped: [],
    animes: [],
    problems: [],
    ...parts,
  }
}

/** Made-up, valid-looking channel ids YouTube does not know. */
export function madeUpIds(count: number, seed: number): string[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, () => fakeChannelId(random))
}

/* Running imports */

/** A job context that never stops and never loses its lease. */
export function noStop(): ImportJobContext {
  return { signal: new AbortController().signal, extendLease: async () => {} }
}

/** An account's catalogue rows, entries and tree (items by channel id). */
export async function seedAccount(owner: Actor, channelIds: string[], tree: TreeSpec[]) {
  const db = await getDb()
  await upsertCatalogue(db, {
    channels: channelIds.map((id) => ({ id, title: `Seeded ${id.slice(-4)}` })),
  })
  const entries = await addToLibrary(db, owner.id, { channelIds })
  const groups = await createTree(db, owner.id, tree, entries)
  return { group: (path: string) => must(groups.get(path), `group ${path}`) }
}

export async function runJobs() {
  return runDueJobs(await getDb(), [importJob])
}

/** Makes every queued import job due now (skips the retry backoff). */
export async function dueNow() {
  const db = await getDb()
  await db
    .update(job)
    .set({ runAt: sql`now()` })
    .where(and(eq(job.name, importJob.name), eq(job.state, 'queued')))
}

/** Preview, confirm and run the job, as the user and the worker would. */
export async function applyModel(
  actor: Actor,
  file: ImportModel,
  options: ImportOptions = MERGE,
): Promise<ImportStatus> {
  const db = await getDb()
  const preview = await createImport(db, actor, { model: file, fileName: 'file.opml' })
  await startImport(db, actor, { importId: preview.importId, options })
  await runJobs()
  return getImportStatus(db, actor, { importId: preview.importId })
}

/* What a user ends up with */

export type Tree = {
  name: string
  icon: string | null
  color: string | null
  description: string
  items: string[]
  groups: Tree[]
}

/** One user's groups as a nested tree in position order; items as catalogue ids. */
export async function treeOf(ownerId: string): Promise<Tree[]> {
  const db = await getDb()
  const groups = await db
    .select({
      id: group.id,
      parentId: group.parentId,
      name: group.name,
      icon: group.icon,
      color: group.color,
      description: group.description,
      position: group.position,
    })
    .from(group)
    .where(eq(group.ownerId, ownerId))
  const items = await db
    .select({
      groupId: groupItem.groupId,
      position: groupItem.position,
      ref: sql<string>`coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId})`,
    })
    .from(groupItem)
    .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
    .where(eq(libraryEntry.userId, ownerId))
  const build = (parentId: string | null): Tree[] =>
    groups
      .filter((row) => row.parentId === parentId)
      .sort((a, b) => compareKeys(a.position, b.position))
      .map((row) => ({
        name: row.name,
        icon: row.icon,
        color: row.color,
        description: row.description,
        items: items
          .filter((entry) => entry.groupId === row.id)
          .sort((a, b) => compareKeys(a.position, b.position))
          .map((entry) => entry.ref),
        groups: build(row.id),
      }))
  return build(null)
}

/** Names and items only, for comparing shapes. */
export function shape(trees: Tree[]): unknown[] {
  return trees.map((tree) =>
    tree.groups.length === 0 && tree.items.length === 0
      ? tree.name
      : { [tree.name]: [...tree.items, ...shape(tree.groups)] },
  )
}

export function previewShape(groups: ImportPreviewGroup[]): unknown[] {
  return groups.map((node) => ({
    name: node.name,
    exists: node.exists,
    items: node.itemCount,
    ...(node.groups.length > 0 && { groups: previewShape(node.groups) }),
  }))
}

export async function libraryOf(userId: string) {
  const db = await getDb()
  return db
    .select({
      ref: sql<string>`coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId})`,
      alias: libraryEntry.alias,
      notes: libraryEntry.notes,
      tags: libraryEntry.tags,
    })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
}

export async function rowsOf(userId: string) {
  const db = await getDb()
  const [groups] = await db.select({ value: count() }).from(group).where(eq(group.ownerId, userId))
  const [entries] = await db
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
  const [activity] = await db
    .select({ value: count() })
    .from(groupActivity)
    .where(eq(groupActivity.ownerId, userId))
  return { groups: groups?.value, entries: entries?.value, activity: activity?.value }
}
