import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '~/db/raw-rows.server'
import { group, groupInvitation, groupMember, libraryEntry } from '~/db/schema'
import { getPlan } from '~/features/billing/plans'
import { createGroup, deleteGroup } from '~/features/groups/groups.server'
import { restoreGroup } from '~/features/groups/trash.server'
import { addChannels } from '~/features/library/add-channels.server'
import { inviteMember } from '~/features/sharing/invitations.server'
import { importJob } from '~/features/transfer/import-apply.server'
import { createImport } from '~/features/transfer/import-preview.server'
import { getImportStatus, startImport } from '~/features/transfer/imports.server'
import { errorCodeOf } from '~/lib/app-error'
import { messages } from '~/lib/i18n/messages/en'
import { createKeyTranslator } from '~/lib/i18n/translate'
import { addToLibrary, createTree, upsertCatalogue } from '~/seed/factories/organiser.server'
import { setSubscription } from '~/seed/factories/subscriptions.server'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/session-cache.server'
import { runDueJobs } from '~/server/jobs/jobs.server'
import { testEngine } from '../tests/setup/test-database'
import { disableBilling, enableBilling } from '../tests/support/billing'
import { db } from '../tests/support/database'
import { mailToOutbox } from '../tests/support/outbox-mail'

/*
 * Plan limits under pressure: two writes racing for an owner's last unit
 * of room (exactly one gets it: the check and the write hold the owner's
 * lock together), an import that fails on a limit while queued keeps
 * the limit's number, so its screen says it, and an import whose staging
 * an add raced is checked again when it appears, and refused whole.
 */

let seq = 0
const unique = (prefix: string) =>
  `${prefix}${String(++seq).padStart(5, '0')}${crypto.randomUUID().slice(0, 6)}`
const FREE = getPlan('free').limits
const PRO = getPlan('pro').limits

mailToOutbox()
beforeAll(async () => {
  enableBilling()
})
afterAll(() => disableBilling())

async function channels(n: number) {
  const list = Array.from({ length: n }, () => ({ id: unique('UC'), title: 'c' }))
  await upsertCatalogue(db, { channels: list })
  return list.map((channel) => channel.id)
}

/** The two calls run together; what each one came to. */
async function race(calls: readonly (() => Promise<unknown>)[]) {
  const outcomes = await Promise.allSettled(calls.map((call) => call()))
  return outcomes.map((outcome) =>
    outcome.status === 'fulfilled' ? 'ok' : errorCodeOf(outcome.reason).code,
  )
}

describe('concurrent writes at a limit', () => {
  it('lets exactly one of two channel adds take the last place', async () => {
    const owner = await createActor(db, 'Collector')
    await setSubscription(db, owner.id, 'free')
    const limit = FREE.channels ?? 0
    await addToLibrary(db, owner.id, { channelIds: await channels(limit - 1) })
    const [first = '', second = ''] = await channels(2)
    const outcomes = await race([
      () => addChannels(db, owner, { channelIds: [first], groupId: null }),
      () => addChannels(db, owner, { channelIds: [second], groupId: null }),
    ])
    expect(outcomes.toSorted()).toEqual(['PLAN_CHANNELS_LIMIT', 'ok'])
    const [row] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, owner.id))
    expect(row?.value).toBe(limit)
  })

  it('lets exactly one of two invitations take the last person', async () => {
    const owner = await createActor(db, 'Sharer')
    await setSubscription(db, owner.id, 'pro')
    const limit = PRO.shareMembers ?? 0
    const ids = await createTree(db, owner.id, [{ name: 'Shared' }], new Map())
    const shared = ids.get('Shared') ?? ''
    for (let at = 0; at < limit - 1; at += 1) {
      const member = await createActor(db, `Member ${at}`)
      await db.insert(groupMember).values({ groupId: shared, userId: member.id, role: 'viewer' })
    }
    const outcomes = await race(
      ['one', 'two'].map(
        (name) => () =>
          inviteMember(db, owner, {
            groupId: shared,
            email: `${unique(name)}@example.test`,
            role: 'viewer',
          }),
      ),
    )
    expect(outcomes.toSorted()).toEqual(['PLAN_SHARE_LIMIT', 'ok'])
    const open = await db
      .select({ id: groupInvitation.id })
      .from(groupInvitation)
      .where(and(eq(groupInvitation.groupId, shared), isNull(groupInvitation.cancelledAt)))
    expect(open).toHaveLength(1)
  })

  it('lets exactly one of two new groups take the last place', async () => {
    const owner = await createActor(db, 'Organiser')
    await setSubscription(db, owner.id, 'free')
    const limit = FREE.groups ?? 0
    await createTree(
      db,
      owner.id,
      Array.from({ length: limit - 1 }, (_, at) => ({ name: `G${at}` })),
      new Map(),
    )
    const outcomes = await race(
      ['One', 'Two'].map(
        (name) => () =>
          createGroup(db, owner, {
            name,
            description: '',
            icon: null,
            color: null,
            parentId: null,
          }),
      ),
    )
    expect(outcomes.toSorted()).toEqual(['PLAN_GROUPS_LIMIT', 'ok'])
    const [row] = await db.select({ value: count() }).from(group).where(eq(group.ownerId, owner.id))
    expect(row?.value).toBe(limit)
  })
})

/** Resolves once some session waits for an advisory lock (a write blocked on an owner's room). */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const waiting = await db.execute(
      sql`select 1 from pg_locks where locktype = 'advisory' and not granted limit 1`,
    )
    if (rowsOf(waiting).length > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.runIf(testEngine === 'postgres')('a write held open at the limit on PostgreSQL', () => {
  it('makes a second channel add wait for it, then refuses it', async () => {
    const owner = await createActor(db, 'Held')
    await setSubscription(db, owner.id, 'free')
    const limit = FREE.channels ?? 0
    await addToLibrary(db, owner.id, { channelIds: await channels(limit - 1) })
    const [first = '', second = ''] = await channels(2)
    let added = () => {}
    const firstAdded = new Promise<void>((resolve) => {
      added = resolve
    })
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    // The first add has counted and written, and its transaction stays open.
    const held = db.transaction(async (tx) => {
      await addChannels(tx, owner, { channelIds: [first], groupId: null })
      added()
      await released
    })
    await firstAdded
    const secondAdd = race([() => addChannels(db, owner, { channelIds: [second], groupId: null })])
    // Without the lock the second add counts the last place as free and finishes first.
    await Promise.race([secondAdd, someoneWaitsForALock()])
    release()
    await held
    expect(await secondAdd).toEqual(['PLAN_CHANNELS_LIMIT'])
  })
})

describe('the trash', () => {
  it('is no way round the group limit: a restored group counts again', async () => {
    const owner = await createActor(db, 'Restorer')
    await setSubscription(db, owner.id, 'free')
    const limit = FREE.groups ?? 0
    const ids = await createTree(
      db,
      owner.id,
      Array.from({ length: limit }, (_, at) => ({ name: `G${at}` })),
      new Map(),
    )
    const trashed = ids.get('G0') ?? ''
    await deleteGroup(db, owner, { id: trashed, version: 1 })
    await createGroup(db, owner, {
      name: 'Instead',
      description: '',
      icon: null,
      color: null,
      parentId: null,
    })
    expect(await race([() => restoreGroup(db, owner, { id: trashed })])).toEqual([
      'PLAN_GROUPS_LIMIT',
    ])
    // On a plan with room it comes back.
    await setSubscription(db, owner.id, 'pro')
    expect(await race([() => restoreGroup(db, owner, { id: trashed })])).toEqual(['ok'])
  })
})

describe('an import refused by a limit while it waited', () => {
  it('keeps the limit with its number, for the screen to say', async () => {
    const owner = await createActor(db, 'Importer')
    await setSubscription(db, owner.id, 'pro')
    const limit = FREE.channels ?? 0
    await addToLibrary(db, owner.id, { channelIds: await channels(limit) })
    const [fresh = ''] = await channels(1)
    const preview = await createImport(db, owner, {
      model: {
        format: 'plain',
        groups: [],
        ungrouped: [{ kind: 'channel', key: `id:${fresh}` }],
        channels: [
          {
            key: `id:${fresh}`,
            ref: { kind: 'id', id: fresh },
            title: 'Imported',
            avatarUrl: null,
            extras: null,
          },
        ],
        animes: [],
        problems: [],
      },
      fileName: null,
    })
    await startImport(db, owner, { importId: preview.importId, options: preview.options })
    // The subscription ends before the job runs: the account is on Free, at its limit.
    await setSubscription(db, owner.id, 'canceled')
    await runDueJobs(db, [importJob])
    const status = await getImportStatus(db, owner, { importId: preview.importId })
    expect(status).toMatchObject({
      state: 'failed',
      error: 'billing.error.channelsLimit',
      errorParams: { max: limit },
    })
    const shown = createKeyTranslator(messages, 'errors.internal')(
      status.error ?? '',
      status.errorParams,
    )
    expect(shown).toContain(String(limit))
    expect(shown).not.toContain('{max}')
  })
})

describe('an import whose staging a channel add races', () => {
  /** An import of `ids` into a new group, queued for the job. */
  async function queuedImport(owner: Actor, ids: string[]) {
    const preview = await createImport(db, owner, {
      model: {
        format: 'plain',
        groups: [
          {
            name: 'Imported',
            description: '',
            icon: null,
            color: null,
            groups: [],
            items: ids.map((id) => ({ kind: 'channel' as const, key: `id:${id}` })),
          },
        ],
        ungrouped: [],
        channels: ids.map((id) => ({
          key: `id:${id}`,
          ref: { kind: 'id', id },
          title: 'Imported',
          avatarUrl: null,
          extras: null,
        })),
        animes: [],
        problems: [],
      },
      fileName: null,
    })
    await startImport(db, owner, { importId: preview.importId, options: preview.options })
    return preview.importId
  }

  /** Runs the import's job; `duringStaging` runs once, after a staged chunk committed. */
  async function runJob(
    owner: Actor,
    importId: string,
    duringStaging: () => Promise<void> = async () => {},
  ) {
    let once: (() => Promise<void>) | null = duringStaging
    await importJob
      .handler(
        { importId },
        {
          jobId: crypto.randomUUID(),
          attempt: 1,
          signal: new AbortController().signal,
          extendLease: async () => {
            const run = once
            once = null
            await run?.()
          },
        },
      )
      .catch(() => undefined)
    return getImportStatus(db, owner, { importId })
  }

  async function entryCount(ownerId: string) {
    const [row] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, ownerId))
    return row?.value ?? 0
  }

  it('fits to the last unit: its staged entries are not counted twice', async () => {
    const owner = await createActor(db, 'Exact importer')
    await setSubscription(db, owner.id, 'canceled')
    const limit = FREE.channels ?? 0
    await addToLibrary(db, owner.id, { channelIds: await channels(limit - 2) })
    const importId = await queuedImport(owner, await channels(2))
    expect(await runJob(owner, importId)).toMatchObject({ state: 'done' })
    expect(await entryCount(owner.id)).toBe(limit)
  })

  it('is refused whole when the add took the room while it staged, and leaves nothing', async () => {
    const owner = await createActor(db, 'Raced importer')
    await setSubscription(db, owner.id, 'canceled')
    const limit = FREE.channels ?? 0
    await addToLibrary(db, owner.id, { channelIds: await channels(limit - 2) })
    const importId = await queuedImport(owner, await channels(2))
    const [racer = ''] = await channels(1)
    // An add that counted before the staged chunk committed: it passed, and took one unit of room.
    const status = await runJob(owner, importId, async () => {
      await addToLibrary(db, owner.id, { channelIds: [racer] })
    })
    expect(status).toMatchObject({
      state: 'failed',
      error: 'billing.error.channelsLimit',
      errorParams: { max: limit },
    })
    // Nothing of the import stays: no group, no staged entry; the add keeps its channel.
    expect(await db.select().from(group).where(eq(group.ownerId, owner.id))).toEqual([])
    expect(await db.select().from(libraryEntry).where(eq(libraryEntry.importId, importId))).toEqual(
      [],
    )
    expect(await entryCount(owner.id)).toBe(limit - 1)
  })
})
