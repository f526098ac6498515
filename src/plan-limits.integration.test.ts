import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { group, groupMember } from '~/db/schema'
import { type PlanLimitName, usageOf } from '~/features/billing/plan-limits.server'
import { getPlan, type PlanId, type PlanLimits } from '~/features/billing/plans'
import { createGroup, moveGroup } from '~/features/groups/groups.server'
import { getGroupTree } from '~/features/groups/tree.server'
import { addAnime } from '~/features/library/add-anime.server'
import { addChannels } from '~/features/library/add-channels.server'
import { copySharedGroup } from '~/features/sharing/copy-group.server'
import { inviteMember } from '~/features/sharing/invitations.server'
import { createShareLink, joinShareLink } from '~/features/sharing/share-links.server'
import { loadExportModel } from '~/features/transfer/export.server'
import { createImport } from '~/features/transfer/import-preview.server'
import { startImport } from '~/features/transfer/imports.server'
import type { ImportModel } from '~/features/transfer/transfer.schemas'
import { type ErrorCode, PLAN_LIMIT_ERRORS } from '~/lib/app-error'
import { addToLibrary, createTree, upsertCatalogue } from '~/seed/factories/organiser.server'
import { type PlanSetup, setSubscription } from '~/seed/factories/subscriptions.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../tests/support/app-errors'
import { disableBilling, enableBilling } from '../tests/support/billing'
import { db } from '../tests/support/database'
import { mailToOutbox } from '../tests/support/outbox-mail'

/*
 * The plan-limit matrix: every plan state × every write path that grows an
 * account. Each owner starts exactly at Free's limits (10 groups 3 levels
 * deep, 500 entries) and already shares with 5 people, as an account that
 * was downgraded would; each write grows it by one step. What is allowed is
 * derived from src/features/billing/plans.ts, so the matrix counts unexpected allows
 * and unexpected refusals separately. A refused write must change nothing,
 * and a downgraded account keeps every row readable and exportable.
 */

let seq = 0
const unique = (prefix: string) =>
  `${prefix}${String(++seq).padStart(5, '0')}${crypto.randomUUID().slice(0, 6)}`

mailToOutbox()

afterAll(() => disableBilling())

const FREE = getPlan('free').limits
const START = {
  groups: FREE.groups ?? 0,
  depth: FREE.depth,
  channels: FREE.channels ?? 0,
  people: 5,
}

/** Plan states and the limits they should be held to (null: no limits, the self-hosted instance). */
const STATES: { setup: PlanSetup | 'self-hosted'; plan: PlanId | null }[] = [
  { setup: 'free', plan: 'free' },
  { setup: 'trial', plan: 'pro' },
  { setup: 'trial-ended', plan: 'free' },
  { setup: 'pro', plan: 'pro' },
  { setup: 'business', plan: 'business' },
  { setup: 'canceled', plan: 'free' },
  { setup: 'self-hosted', plan: null },
]

/** The first limit a growth passes, in the order the module checks them. */
function expectedRefusal(
  limits: PlanLimits | null,
  growth: { groups?: number; depth?: number; channels?: number; people?: number },
): ErrorCode | 'ok' {
  if (!limits) return 'ok'
  const over: PlanLimitName[] = []
  if (growth.groups && limits.groups !== null && START.groups + growth.groups > limits.groups)
    over.push('groups')
  if (growth.depth && growth.depth > limits.depth) over.push('depth')
  if (
    growth.channels &&
    limits.channels !== null &&
    START.channels + growth.channels > limits.channels
  )
    over.push('channels')
  if (
    growth.people &&
    limits.shareMembers !== null &&
    START.people + growth.people > limits.shareMembers
  )
    over.push('shareMembers')
  const [first] = over
  return first ? PLAN_LIMIT_ERRORS[first] : 'ok'
}

/** The channels every owner follows (one catalogue for all of them). */
let catalogue: { id: string; title: string }[] = []

/** An owner at Free's limits, sharing with 5 people, with a share link open; plus a stranger's shared group. */
async function ownerAtTheLimits(setup: PlanSetup | 'self-hosted') {
  disableBilling()
  const owner = await createActor(db, `Owner ${setup}`)
  if (catalogue.length === 0) {
    catalogue = Array.from({ length: START.channels }, () => ({ id: unique('UC'), title: 'c' }))
    await upsertCatalogue(db, { channels: catalogue })
  }
  const channels = catalogue
  const entries = await addToLibrary(db, owner.id, { channelIds: channels.map((c) => c.id) })
  const first = channels[0]?.id ?? ''
  const ids = await createTree(
    db,
    owner.id,
    [
      { name: 'A', children: [{ name: 'A1', children: [{ name: 'A2', items: [first] }] }] },
      { name: 'B', children: [{ name: 'B1', children: [{ name: 'B2' }] }] },
      { name: 'C' },
      { name: 'D' },
      { name: 'E' },
      { name: 'F' },
    ],
    entries,
  )
  const id = (path: string) => ids.get(path) ?? ''
  for (let at = 0; at < START.people; at += 1) {
    const member = await createActor(db, `Member ${at}`)
    await db.insert(groupMember).values({ groupId: id('C'), userId: member.id, role: 'viewer' })
  }
  const link = await createShareLink(db, owner, {
    groupId: id('D'),
    permission: 'view',
    expiresInDays: 0,
  })
  // Someone else's group shared with the owner, for "copy to my groups".
  const stranger = await createActor(db, `Stranger ${setup}`)
  const strangerChannel = { id: unique('UC'), title: 'theirs' }
  await upsertCatalogue(db, { channels: [strangerChannel] })
  const theirEntries = await addToLibrary(db, stranger.id, { channelIds: [strangerChannel.id] })
  const theirs = await createTree(
    db,
    stranger.id,
    [{ name: 'Theirs', items: [strangerChannel.id] }],
    theirEntries,
  )
  const theirGroup = theirs.get('Theirs') ?? ''
  await db.insert(groupMember).values({ groupId: theirGroup, userId: owner.id, role: 'viewer' })

  if (setup !== 'self-hosted') await setSubscription(db, owner.id, setup)
  enableBilling()
  if (setup === 'self-hosted') disableBilling()
  const newChannel = { id: unique('UC'), title: 'new' }
  // Catalogued and synced already: adding it asks AniList nothing.
  const newAnime = {
    id: unique('G')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '0'),
    slug: 'some-show',
    title: 'Some Show',
    lastSyncedAt: new Date(),
  }
  await upsertCatalogue(db, { channels: [newChannel], animes: [newAnime] })
  return { owner, id, link, theirGroup, newChannel: newChannel.id, newAnime: newAnime.id }
}

type World = Awaited<ReturnType<typeof ownerAtTheLimits>>

const importModel = (channelId: string): ImportModel => ({
  format: 'plain',
  groups: [],
  ungrouped: [{ kind: 'channel', key: `id:${channelId}` }],
  channels: [
    {
      key: `id:${channelId}`,
      ref: { kind: 'id', id: channelId },
      title: 'Imported',
      avatarUrl: null,
      extras: null,
    },
  ],
  animes: [],
  problems: [],
})

/** Each write path, what it grows, and the call. */
const WRITES: {
  name: string
  growth: { groups?: number; depth?: number; channels?: number; people?: number }
  run: (w: World) => Promise<unknown>
}[] = [
  {
    name: 'create a top-level group',
    growth: { groups: 1, depth: 1 },
    run: (w) =>
      createGroup(db, w.owner, {
        name: 'New',
        description: '',
        icon: null,
        color: null,
        parentId: null,
      }),
  },
  {
    name: 'create a group one level deeper than the tree',
    growth: { groups: 1, depth: START.depth + 1 },
    run: (w) =>
      createGroup(db, w.owner, {
        name: 'Deeper',
        description: '',
        icon: null,
        color: null,
        parentId: w.id('A/A1/A2'),
      }),
  },
  {
    name: 'move a subtree deeper than the tree',
    growth: { depth: START.depth + 2 },
    run: async (w) => {
      const [row] = await db
        .select()
        .from(group)
        .where(eq(group.id, w.id('B/B1')))
      return moveGroup(db, w.owner, {
        id: w.id('B/B1'),
        version: row?.version ?? 1,
        parentId: w.id('A/A1/A2'),
      })
    },
  },
  {
    name: 'move a group within the depth it has',
    growth: {},
    run: async (w) => {
      const [row] = await db
        .select()
        .from(group)
        .where(eq(group.id, w.id('E')))
      return moveGroup(db, w.owner, {
        id: w.id('E'),
        version: row?.version ?? 1,
        parentId: w.id('A/A1'),
      })
    },
  },
  {
    name: 'add a channel',
    growth: { channels: 1 },
    run: (w) => addChannels(db, w.owner, { channelIds: [w.newChannel], groupId: null }),
  },
  {
    name: 'add a channel to a group',
    growth: { channels: 1 },
    run: (w) => addChannels(db, w.owner, { channelIds: [w.newChannel], groupId: w.id('C') }),
  },
  {
    name: 'add an anime',
    growth: { channels: 1 },
    run: (w) =>
      addAnime(db, w.owner, {
        url: `https://www.crunchyroll.com/series/${w.newAnime}/some-show`,
        groupId: null,
      }),
  },
  {
    name: 'import a channel list',
    growth: { channels: 1 },
    run: async (w) => {
      const preview = await createImport(db, w.owner, {
        model: importModel(w.newChannel),
        fileName: null,
      })
      return startImport(db, w.owner, { importId: preview.importId, options: preview.options })
    },
  },
  {
    name: 'create a share link',
    growth: { people: 1 },
    run: (w) =>
      createShareLink(db, w.owner, { groupId: w.id('C'), permission: 'view', expiresInDays: 7 }),
  },
  {
    name: 'invite someone new',
    growth: { people: 1 },
    run: (w) =>
      inviteMember(db, w.owner, {
        groupId: w.id('C'),
        email: `${unique('new')}@example.test`,
        role: 'viewer',
      }),
  },
  {
    name: 'someone new joins through a link',
    growth: { people: 1 },
    run: async (w) => {
      const joiner = await createActor(db, 'Joiner')
      return joinShareLink(db, joiner, { linkId: w.link.token ?? '', permission: 'view' })
    },
  },
  {
    name: 'copy a shared group into my groups',
    growth: { groups: 1, depth: 1, channels: 1 },
    run: (w) => copySharedGroup(db, w.owner, { groupId: w.theirGroup }),
  },
]

/** Free, an ended trial and a canceled subscription: 11 of 12 writes each; Pro and the trial: the 3 sharing writes each. */
const EXPECTED_REFUSALS = 3 * 11 + 2 * 3

describe('plan limits on every write path', () => {
  it('allows and refuses exactly what plans.ts says, for every plan state', {
    timeout: 120_000,
  }, async () => {
    const unexpectedAllows: string[] = []
    const unexpectedRefusals: string[] = []
    const refusals: string[] = []
    for (const state of STATES) {
      const limits = state.plan === null ? null : getPlan(state.plan).limits
      for (const write of WRITES) {
        // A fresh owner per write: an allowed write must not move the next one's starting point.
        const w = await ownerAtTheLimits(state.setup)
        const before = await usageOf(db, w.owner.id)
        const expected = expectedRefusal(limits, write.growth)
        const actual = await codeOf(write.run(w))
        const label = `${state.setup} × ${write.name}: expected ${expected}, got ${actual}`
        if (actual !== 'ok') refusals.push(`${state.setup} × ${write.name}: ${actual}`)
        if (expected !== 'ok' && actual === 'ok') unexpectedAllows.push(label)
        if (expected !== actual && actual !== 'ok') unexpectedRefusals.push(label)
        if (expected === 'ok' && actual !== 'ok') unexpectedRefusals.push(label)
        // A refusal writes nothing.
        if (actual !== 'ok') expect(await usageOf(db, w.owner.id), label).toEqual(before)
      }
    }
    // Free (3 ways to be on it) refuses all but the in-place move; Pro refuses sharing and deep moves it cannot.
    expect(refusals.length, refusals.join('\n')).toBe(EXPECTED_REFUSALS)
    expect(unexpectedAllows).toEqual([])
    expect([...new Set(unexpectedRefusals)]).toEqual([])
  })

  it('names in the import preview the limits applying would pass, before anything is written', async () => {
    const w = await ownerAtTheLimits('free')
    const model = importModel(w.newChannel)
    model.groups = [
      { name: 'More', description: '', icon: null, color: null, groups: [], items: [] },
    ]
    const before = await usageOf(db, w.owner.id)
    const preview = await createImport(db, w.owner, { model, fileName: null })
    expect(preview.limits).toEqual([
      { limit: 'groups', max: FREE.groups },
      { limit: 'channels', max: FREE.channels },
    ])
    expect(await usageOf(db, w.owner.id)).toEqual(before)
    await setSubscription(db, w.owner.id, 'pro')
    const again = await createImport(db, w.owner, { model, fileName: null })
    expect(again.limits).toEqual([])
  })

  it('counts what is ticked: unticking what would pass a limit lets the import start', async () => {
    const w = await ownerAtTheLimits('free')
    const known = catalogue[1]?.id ?? ''
    const model = importModel(w.newChannel)
    model.channels.push({
      key: `id:${known}`,
      ref: { kind: 'id', id: known },
      title: 'Known',
      avatarUrl: null,
      extras: null,
    })
    model.ungrouped.push({ kind: 'channel', key: `id:${known}` })
    model.groups = [
      { name: 'More', description: '', icon: null, color: null, groups: [], items: [] },
    ]
    const preview = await createImport(db, w.owner, { model, fileName: null })
    expect(preview.limits.map((breach) => breach.limit)).toEqual(['groups', 'channels'])
    const start = (exclusions: { groups: number[]; channels: number[] }) =>
      startImport(db, w.owner, {
        importId: preview.importId,
        options: preview.options,
        exclusions: { ...exclusions, animes: [], ungrouped: false },
      })
    // The new group alone still passes the groups limit; nothing is queued.
    expect(await codeOf(start({ groups: [], channels: [0] }))).toBe(PLAN_LIMIT_ERRORS.groups)
    // Without the new group and the new channel, only a channel already in the library is left.
    const started = await start({ groups: [0], channels: [0] })
    expect(started.state).toBe('queued')
  })

  it('keeps every row of a downgraded account readable and exportable', async () => {
    const w = await ownerAtTheLimits('free')
    await setSubscription(db, w.owner.id, 'trial-ended')
    const tree = await getGroupTree(db, w.owner)
    expect(tree.groups).toHaveLength(START.groups)
    const exported = await loadExportModel(db, w.owner, { groupId: null })
    expect(exported.channels).toHaveLength(START.channels)
    expect(await usageOf(db, w.owner.id)).toEqual({
      groups: START.groups,
      depth: START.depth,
      channels: START.channels,
      shareMembers: START.people,
    })
  })
})
