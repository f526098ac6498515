import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { channel, groupItem, libraryEntry } from '~/db/schema'
import { newEntryCount, requireRoom } from '~/features/billing/plan-limits.server'
import { displayTitle, upsertChannels } from '~/features/catalogue/catalogue.server'
import { limitLookups } from '~/features/catalogue/lookup-limit.server'
import type { YoutubeChannel } from '~/features/catalogue/youtube.server'
import { youtubeFor } from '~/features/catalogue/youtube-client.server'
import { requireGroup } from '~/features/groups/access.server'
import { recordActivityLines } from '~/features/groups/activity.server'
import type { AddResult } from '~/features/groups/groups.schemas'
import { keepPending, unavailableReason } from '~/features/library/pending-lookups.server'
import { AppError } from '~/lib/app-error'
import { type ChannelRef, parseChannelInput, parseChannelLines, refKey } from '~/lib/youtube-urls'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { runOnce } from '~/server/idempotency.server'
import {
  addResultSchema,
  PASTE_LINES_MAX,
  type ResolvedChannel,
  type ResolvedLine,
  type ResolveStatus,
} from './library.schemas'
import { placeEntries } from './place-entries.server'

/* Pasted lines resolved through YouTube into the catalogue. With a shared group, the library is the owner's. */

function toResolvedChannel(row: YoutubeChannel): ResolvedChannel {
  return {
    id: row.id,
    title: displayTitle(row),
    handle: row.handle,
    avatarUrl: row.avatarUrl,
    subscriberCount: row.hiddenSubscriberCount ? null : row.subscriberCount,
    hiddenSubscriberCount: row.hiddenSubscriberCount,
  }
}

/** Step 1: writes only the shared catalogue, nothing of the user's; units are booked on the user's share. */
export async function resolveChannels(
  db: Database,
  actor: Actor,
  input: { text: string; groupId: string | null },
  from: { ip?: string | undefined } = {},
): Promise<ResolvedLine[]> {
  const parsed = parseChannelLines(input.text)
  if (parsed.length > PASTE_LINES_MAX) throw new AppError('VALIDATION', { max: PASTE_LINES_MAX })
  await limitLookups(db, actor.id, from)
  const target = input.groupId ? await requireGroup(db, actor.id, input.groupId, 'view') : null

  const seenRefs = new Set<string>()
  const refs: ChannelRef[] = []
  const lines = parsed.map((line) => {
    if (!line.ref) return { line, key: null, repeat: false }
    const key = refKey(line.ref)
    const repeat = seenRefs.has(key)
    if (!repeat) {
      seenRefs.add(key)
      refs.push(line.ref)
    }
    return { line, key, repeat }
  })
  // YouTube out of reach is never "not found": those lines are pending (decision 0049).
  let unreachable = false
  let found = new Map<string, YoutubeChannel | null>()
  if (refs.length > 0) {
    try {
      found = await youtubeFor(db, 'lookup', { payer: actor.id }).resolve(refs)
    } catch (error) {
      if (unavailableReason(error) === null) throw error
      unreachable = true
    }
  }

  const channels = new Map<string, YoutubeChannel>()
  for (const row of found.values()) if (row) channels.set(row.id, row)
  await upsertChannels(db, [...channels.values()])

  const channelIds = [...channels.keys()]
  // "Already there" never reads another person's library: only the actor's own, and the group's items.
  const inLibrary = new Set<string>()
  const inGroup = new Set<string>()
  if (channelIds.length > 0) {
    const own = await db
      .select({ channelId: libraryEntry.channelId })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, actor.id), inArray(libraryEntry.channelId, channelIds)))
    for (const row of own) if (row.channelId) inLibrary.add(row.channelId)
  }
  if (target && channelIds.length > 0) {
    const items = await db
      .select({ channelId: libraryEntry.channelId })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(
        and(eq(groupItem.groupId, target.group.id), inArray(libraryEntry.channelId, channelIds)),
      )
    for (const row of items) if (row.channelId) inGroup.add(row.channelId)
  }

  const seenChannels = new Set<string>()
  return lines.map(({ line, key, repeat }): ResolvedLine => {
    const base = { line: line.line, input: line.input }
    if (key === null) return { ...base, status: 'notChannel', channel: null }
    const row = found.get(key) ?? null
    if (repeat) return { ...base, status: 'duplicate', channel: row && toResolvedChannel(row) }
    if (unreachable) return { ...base, status: 'pending', channel: null }
    if (!row) {
      const video = line.ref?.kind === 'video'
      return { ...base, status: video ? 'videoNotFound' : 'notFound', channel: null }
    }
    let status: ResolveStatus = 'new'
    // Two spellings of one channel (an @handle and its /channel/ URL) are one line too many.
    if (seenChannels.has(row.id)) status = 'duplicate'
    else {
      seenChannels.add(row.id)
      if (inGroup.has(row.id)) status = 'inGroup'
      else if (inLibrary.has(row.id)) status = 'inLibrary'
    }
    return { ...base, status, channel: toResolvedChannel(row) }
  })
}

type AddChannelsInput = { channelIds: string[]; pending?: string[]; groupId: string | null }

/**
 * Step 2. Counts are the group's when one is given, else the library's. Under an idempotency key a retry
 * answers the first counts, not "all already there".
 */
export async function addChannels(
  db: Database,
  actor: Actor,
  input: AddChannelsInput & { idempotencyKey?: string | undefined },
  from: { ip?: string | undefined } = {},
): Promise<AddResult> {
  // A retry is authorized anew: access may have been taken away since the first call.
  if (input.groupId) await requireGroup(db, actor.id, input.groupId, 'edit')
  // Pending lines are look-ups the client asks to keep: they count like a check.
  if ((input.pending ?? []).length > 0) await limitLookups(db, actor.id, from)
  return runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'library.addChannels' },
    (stored) => addResultSchema.parse(stored),
    (tx) => insertChannels(tx, actor, input),
  )
}

async function insertChannels(
  db: Database,
  actor: Actor,
  input: AddChannelsInput,
): Promise<AddResult> {
  return db.transaction((tx) => insertChannelsIn(tx, actor, input))
}

/** The whole add in one transaction: the owner's room is checked and taken together. */
async function insertChannelsIn(
  db: Database,
  actor: Actor,
  input: AddChannelsInput,
): Promise<AddResult> {
  const target = input.groupId ? await requireGroup(db, actor.id, input.groupId, 'edit') : null
  // Items of a tree are entries of its owner: an editor adds to the owner's library.
  const libraryOwner = target?.group.ownerId ?? actor.id
  const pendingRefs = (input.pending ?? []).flatMap((text) => {
    const ref = parseChannelInput(text, { videos: true }).ref
    return ref ? [ref] : []
  })
  // A pending id is an entry now, titled by its id until YouTube answers.
  const pendingIds = pendingRefs.flatMap((ref) => (ref.kind === 'id' ? [ref.id] : []))
  // Look-ups still pending become entries later: they take their room now.
  await requireRoom(db, libraryOwner, async () => ({
    channels:
      (await newEntryCount(db, libraryOwner, {
        channelIds: [...input.channelIds, ...pendingIds],
      })) +
      pendingRefs.length -
      pendingIds.length,
  }))
  if (pendingIds.length > 0) {
    await db
      .insert(channel)
      .values(pendingIds.map((id) => ({ id, title: id, confirmed: false })))
      .onConflictDoNothing()
  }
  const ids = [...new Set([...input.channelIds, ...pendingIds])]
  await keepPending(db, {
    ownerId: libraryOwner,
    payerId: actor.id,
    importId: null,
    reason: 'network',
    refs: pendingRefs.map((ref) => ({
      ref,
      groupIds: ref.kind !== 'id' && target ? [target.group.id] : [],
    })),
  })
  const pending = pendingRefs.length > 0 ? { pending: pendingRefs.length } : {}
  if (ids.length === 0) return { added: 0, alreadyThere: 0, ...pending }
  const known = await db
    .select({ id: channel.id, title: channel.title })
    .from(channel)
    .where(inArray(channel.id, ids))
  // Only resolved channels exist in the catalogue: anything else was never looked up.
  if (known.length !== ids.length) throw new AppError('VALIDATION')
  const inserted = await db
    .insert(libraryEntry)
    .values(ids.map((id) => ({ userId: libraryOwner, kind: 'channel' as const, channelId: id })))
    .onConflictDoNothing()
    .returning({ id: libraryEntry.id })
  if (!target) {
    return { added: inserted.length, alreadyThere: ids.length - inserted.length, ...pending }
  }
  const rows = await db
    .select({ id: libraryEntry.id, channelId: channel.id, title: channel.title })
    .from(libraryEntry)
    .innerJoin(channel, eq(channel.id, libraryEntry.channelId))
    .where(and(eq(libraryEntry.userId, libraryOwner), inArray(libraryEntry.channelId, ids)))
  // The group takes them in the order they were pasted.
  const order = new Map(ids.map((id, at) => [id, at]))
  const entries = rows.sort((a, b) => (order.get(a.channelId) ?? 0) - (order.get(b.channelId) ?? 0))
  const { added, activity } = await placeEntries(db, actor, [
    {
      group: target.group,
      // Activity lines are read by members: the public title, never the owner's alias.
      entries: entries.map((row) => ({ id: row.id, title: row.title })),
    },
  ])
  await recordActivityLines(db, actor, activity)
  return { added, alreadyThere: entries.length - added, ...pending }
}
