import { createServerEntry } from '@tanstack/react-start/server'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  seededRandom,
  upsertCatalogue,
} from '~/db/factories/organiser.server'
import { createUser } from '~/db/factories/users.server'
import {
  group,
  groupItem,
  groupMember,
  libraryEntry,
  mailOutbox,
  shareLink,
  user,
  video,
  videoWatch,
  youtubeConnection,
} from '~/db/schema'
import * as feed from '~/features/feed/feed.server'
import { groupNameKey } from '~/features/groups/group-names'
import { parseGroupTree } from '~/features/groups/groups.schemas'
import * as groups from '~/features/groups/groups.server'
import * as growth from '~/features/growth/growth.server'
import * as library from '~/features/library/library.server'
import * as overview from '~/features/overview/overview.server'
import * as exporter from '~/features/transfer/export.server'
import { parseImport } from '~/features/transfer/formats/parse-import'
import * as imports from '~/features/transfer/import.server'
import type { ImportOptions } from '~/features/transfer/transfer.schemas'
import * as youtubeConnect from '~/features/transfer/youtube-connect.server'
import { AppError, type ErrorCode } from '~/lib/app-error'
import { Route as exportRoute } from '~/routes/api/export'
import { getAuth } from '~/server/auth/auth.server'
import { type Actor, maybeSignedIn, signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { allServerFunctions } from '../../../tests/support/server-function-gates'
import * as sharing from './sharing.server'

/*
 * The authorization matrix of sharing (issue 7): every exported function of
 * the server modules that read or write groups, items, links, members,
 * feeds and exports, against every persona, in ONE table. Each row gets a
 * fresh world (owner Alice with "Clients" > "Client A" > A1, A2 and
 * "Clients" > "Client B", grants made through the real sharing functions);
 * refusals run first and must leave the world untouched, then the allowed
 * calls. A refusal must be the expected AppError: "not found" for anyone
 * without a role (denials reveal nothing), GROUP_FORBIDDEN for a member whose
 * role is too weak. An allowed answer to anyone but the owner must not name
 * anything of Client B or of the private "Clients" parent, and to someone
 * without a role nothing of Client A either.
 *
 * Anonymous: server modules take an Actor, so an anonymous caller is stopped
 * by the `signedIn` middleware. That column is checked for real: the
 * middleware refuses a request without a session (run in a request scope),
 * and every server function that reaches the row's export is gated by it
 * (read from the source). The public functions take a null actor and are
 * called with it.
 */

let db: Database
beforeAll(async () => {
  db = await getDb()
})

/* Personas and the table's vocabulary */

const PERSONAS = [
  'anonymous',
  'stranger',
  'viewer',
  'editor',
  'owner',
  'removed',
  'revokedLink',
  'expiredLink',
] as const
type Persona = (typeof PERSONAS)[number]
type SignedInPersona = Exclude<Persona, 'anonymous'>
const SIGNED_IN: readonly SignedInPersona[] = [
  'stranger',
  'viewer',
  'editor',
  'owner',
  'removed',
  'revokedLink',
  'expiredLink',
]
/** No role on anything of Alice's: they must learn nothing. */
const OUTSIDERS: ReadonlySet<Persona> = new Set([
  'anonymous',
  'stranger',
  'removed',
  'revokedLink',
  'expiredLink',
])

type Cell = 'allow' | 'deny'
const Y: Cell = 'allow'
const N: Cell = 'deny'
/** anonymous, stranger, viewer, editor, owner, removed, revokedLink, expiredLink */
type Cells = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]

type Codes = ErrorCode | readonly ErrorCode[]

/* The world */

type Own = { groupId: string; entryId: string }
type Invitations = { id: string; token: string; cancelledToken: string }
type Need = 'invitations' | 'aliceImport'
/** Values an answer must not contain, by what they are (for the report). */
type Secrets = Record<string, string>
type World = {
  nonce: string
  actors: Record<SignedInPersona, Actor>
  emails: Record<SignedInPersona, string>
  /** A second viewer of Client A: the member the owner removes in the member rows. */
  olga: Actor
  clients: string
  clientA: string
  a1: string
  a2: string
  clientB: string
  /** Alice's entries, placed in Client A, A1 and Client B. */
  entryA: string
  entryA1: string
  entryB: string
  /** Everyone's own top-level group "Mine" with one entry of their own in it. */
  own: Record<SignedInPersona, Own>
  /** A catalogued channel in nobody's library yet. */
  freshChannel: string
  /** A catalogued (already enriched) series: adding it calls no outside service. */
  animeUrl: string
  animeId: string
  links: { view: string; edit: string; revoked: string; expired: string }
  /** Only in worlds made for rows that need them (see `needs`). */
  invitation: Invitations | null
  aliceImport: string | null
  userIds: string[]
  /** What no one but Alice may see: Client B, the private parent, Alice's address. */
  ownerOnly: Secrets
  /** What someone without a role may not see either: Client A's ids… */
  membersOnlyIds: Secrets
  /** …and its face (names, titles), which a link or invitation preview shows on purpose. */
  membersOnlyFace: Secrets
}

const random = seededRandom(2026)
let worlds = 0

async function mailedToken(email: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  const token = mail?.text.match(/\/invitations\/([A-Za-z0-9_-]{43})\//)?.[1]
  if (!token) throw new Error(`no invitation mailed to ${email}`)
  return token
}

/** A pending invitation to `email` and a cancelled one to `cancelledEmail`, with their tokens. */
async function invitationsOf(
  alice: Actor,
  groupId: string,
  email: string,
  cancelledEmail: string,
): Promise<Invitations> {
  const pending = await sharing.inviteMember(db, alice, { groupId, email, role: 'editor' })
  const token = await mailedToken(email)
  const cancelled = await sharing.inviteMember(db, alice, {
    groupId,
    email: cancelledEmail,
    role: 'viewer',
  })
  const cancelledToken = await mailedToken(cancelledEmail)
  await sharing.cancelInvitation(db, alice, { invitationId: cancelled.id })
  return { id: pending.id, token, cancelledToken }
}

function invitationsIn(w: World): Invitations {
  if (!w.invitation) throw new Error("the row needs `needs: ['invitations']`")
  return w.invitation
}

function aliceImportIn(w: World): string {
  if (!w.aliceImport) throw new Error("the row needs `needs: ['aliceImport']`")
  return w.aliceImport
}

async function refusedWith(promise: Promise<unknown>, code: ErrorCode) {
  const outcome = await attempt(promise)
  if (outcome.kind !== 'deny' || outcome.code !== code) {
    throw new Error(`world set-up: expected ${code}, got ${summarize(outcome)}`)
  }
}

const timing = { worldMs: 0, fingerprintMs: 0, cellMs: 0 }

async function makeWorld(needs: readonly Need[] = []): Promise<World> {
  const started = performance.now()
  try {
    return await buildWorld(needs)
  } finally {
    timing.worldMs += performance.now() - started
  }
}

async function buildWorld(needs: readonly Need[]): Promise<World> {
  worlds += 1
  const nonce = `${worlds}${crypto.randomUUID().slice(0, 6)}`
  const person = (key: string, name: string) => ({
    id: crypto.randomUUID(),
    name: `${name} ${nonce}`,
    email: `${key}.${nonce}@example.test`,
    emailVerified: true,
  })
  const people = {
    owner: person('alice', 'Alice'),
    stranger: person('bob', 'Bob'),
    viewer: person('vera', 'Vera'),
    editor: person('eddie', 'Eddie'),
    removed: person('remy', 'Remy'),
    revokedLink: person('rita', 'Rita'),
    expiredLink: person('ernie', 'Ernie'),
  } satisfies Record<SignedInPersona, unknown>
  const olgaRow = person('olga', 'Olga')
  await db.insert(user).values([...Object.values(people), olgaRow])
  const actorOf = (row: { id: string; name: string }): Actor => ({
    id: row.id,
    name: row.name,
    emailVerified: true,
  })
  const actors = {
    owner: actorOf(people.owner),
    stranger: actorOf(people.stranger),
    viewer: actorOf(people.viewer),
    editor: actorOf(people.editor),
    removed: actorOf(people.removed),
    revokedLink: actorOf(people.revokedLink),
    expiredLink: actorOf(people.expiredLink),
  }
  const emails = {
    owner: people.owner.email,
    stranger: people.stranger.email,
    viewer: people.viewer.email,
    editor: people.editor.email,
    removed: people.removed.email,
    revokedLink: people.revokedLink.email,
    expiredLink: people.expiredLink.email,
  }
  const olga = actorOf(olgaRow)
  const alice = actors.owner

  const channel = (title: string) => ({ id: fakeChannelId(random), title, handle: null })
  const inA = channel(`A channel ${nonce}`)
  const inA1 = channel(`A1 channel ${nonce}`)
  const inB = channel(`B secret channel ${nonce}`)
  const fresh = channel(`Fresh channel ${nonce}`)
  const mine = Object.fromEntries(
    SIGNED_IN.map((persona) => [persona, channel(`Mine ${persona} ${nonce}`)]),
  )
  const series = { id: `G${crypto.randomUUID().replaceAll('-', '').slice(0, 9).toUpperCase()}` }
  await upsertCatalogue(db, {
    channels: [inA, inA1, inB, fresh, ...Object.values(mine)],
    animes: [
      {
        id: series.id,
        slug: `series-${nonce}`,
        title: `Series ${nonce}`,
        lastSyncedAt: new Date(),
      },
    ],
  })
  const aliceMine = mine.owner?.id ?? ''
  const aliceEntries = await addToLibrary(db, alice.id, {
    channelIds: [inA.id, inA1.id, inB.id, aliceMine],
  })
  const paths = await createTree(
    db,
    alice.id,
    [
      {
        name: `Clients ${nonce}`,
        children: [
          {
            name: `Client A ${nonce}`,
            items: [inA.id],
            children: [{ name: 'A1', items: [inA1.id] }, { name: 'A2' }],
          },
          { name: `Client B ${nonce}`, items: [inB.id] },
        ],
      },
      { name: 'Mine', items: [aliceMine] },
    ],
    aliceEntries,
  )
  const pathId = (path: string) => {
    const id = paths.get(path)
    if (!id) throw new Error(`no group ${path}`)
    return id
  }
  const entryId = (map: Map<string, string>, channelId: string) => {
    const id = map.get(channelId)
    if (!id) throw new Error(`no entry for ${channelId}`)
    return id
  }
  // Everyone else's "Mine" with one entry of their own, in three statements.
  const others = SIGNED_IN.filter((persona) => persona !== 'owner')
  const mineOf = new Map(
    others.map((persona) => [
      persona,
      { userId: actors[persona].id, groupId: crypto.randomUUID(), entryId: crypto.randomUUID() },
    ]),
  )
  const rowsOfOthers = [...mineOf.entries()]
  await db.insert(libraryEntry).values(
    rowsOfOthers.map(([persona, row]) => ({
      id: row.entryId,
      userId: row.userId,
      kind: 'channel' as const,
      channelId: mine[persona]?.id ?? '',
    })),
  )
  await db.insert(group).values(
    rowsOfOthers.map(([, row]) => ({
      id: row.groupId,
      ownerId: row.userId,
      name: 'Mine',
      nameKey: groupNameKey('Mine'),
      position: 'a0',
    })),
  )
  await db.insert(groupItem).values(
    rowsOfOthers.map(([, row]) => ({
      groupId: row.groupId,
      entryId: row.entryId,
      position: 'a0',
      addedBy: row.userId,
    })),
  )
  const ownOf = (persona: SignedInPersona): Own => {
    if (persona === 'owner') {
      return { groupId: pathId('Mine'), entryId: entryId(aliceEntries, aliceMine) }
    }
    const row = mineOf.get(persona)
    if (!row) throw new Error(`no own group for ${persona}`)
    return { groupId: row.groupId, entryId: row.entryId }
  }
  const clients = pathId(`Clients ${nonce}`)
  const clientA = pathId(`Clients ${nonce}/Client A ${nonce}`)
  const clientB = pathId(`Clients ${nonce}/Client B ${nonce}`)
  const a1 = pathId(`Clients ${nonce}/Client A ${nonce}/A1`)
  const a2 = pathId(`Clients ${nonce}/Client A ${nonce}/A2`)

  // Grants, through the real sharing functions.
  const view = await sharing.createShareLink(db, alice, {
    groupId: clientA,
    permission: 'view',
    expiresInDays: 0,
  })
  const edit = await sharing.createShareLink(db, alice, {
    groupId: clientA,
    permission: 'edit',
    expiresInDays: 0,
  })
  await sharing.joinShareLink(db, actors.viewer, { linkId: view.id, permission: 'view' })
  await sharing.joinShareLink(db, olga, { linkId: view.id, permission: 'view' })
  await sharing.joinShareLink(db, actors.editor, { linkId: edit.id, permission: 'edit' })
  await sharing.joinShareLink(db, actors.removed, { linkId: edit.id, permission: 'edit' })
  await sharing.removeMember(db, alice, { groupId: clientA, userId: actors.removed.id })
  const revoked = await sharing.createShareLink(db, alice, {
    groupId: clientA,
    permission: 'edit',
    expiresInDays: 0,
  })
  await sharing.revokeShareLink(db, alice, { linkId: revoked.id })
  await refusedWith(
    sharing.joinShareLink(db, actors.revokedLink, { linkId: revoked.id, permission: 'edit' }),
    'SHARE_LINK_UNAVAILABLE',
  )
  const expired = await sharing.createShareLink(db, alice, {
    groupId: clientA,
    permission: 'view',
    expiresInDays: 1,
  })
  // No function makes a link that is already expired: age it by hand.
  await db
    .update(shareLink)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(shareLink.id, expired.id))
  await refusedWith(
    sharing.joinShareLink(db, actors.expiredLink, { linkId: expired.id, permission: 'view' }),
    'SHARE_LINK_UNAVAILABLE',
  )

  // Only the rows about invitations and imports pay for them.
  const invitation = needs.includes('invitations')
    ? await invitationsOf(alice, clientA, emails.stranger, `carol.${nonce}@example.test`)
    : null
  const aliceImport = needs.includes('aliceImport')
    ? (
        await imports.previewImportText(db, alice, {
          text: `https://www.youtube.com/channel/${inA.id}`,
        })
      ).importId
    : null

  const entryA = entryId(aliceEntries, inA.id)
  const entryA1 = entryId(aliceEntries, inA1.id)
  const entryB = entryId(aliceEntries, inB.id)
  return {
    nonce,
    actors,
    emails,
    olga,
    clients,
    clientA,
    a1,
    a2,
    clientB,
    entryA,
    entryA1,
    entryB,
    own: {
      owner: ownOf('owner'),
      stranger: ownOf('stranger'),
      viewer: ownOf('viewer'),
      editor: ownOf('editor'),
      removed: ownOf('removed'),
      revokedLink: ownOf('revokedLink'),
      expiredLink: ownOf('expiredLink'),
    },
    freshChannel: fresh.id,
    animeUrl: `https://www.crunchyroll.com/series/${series.id}/series-${nonce}`,
    animeId: series.id,
    links: { view: view.id, edit: edit.id, revoked: revoked.id, expired: expired.id },
    invitation,
    aliceImport,
    userIds: [...Object.values(actors).map((actor) => actor.id), olga.id],
    ownerOnly: {
      'the private parent Clients (id)': clients,
      'the private parent Clients (name)': `Clients ${nonce}`,
      'Client B (id)': clientB,
      'Client B (name)': `Client B ${nonce}`,
      "Client B's entry (id)": entryB,
      "Client B's channel (title)": inB.title,
      "the owner's email": people.owner.email,
    },
    membersOnlyIds: {
      'Client A (id)': clientA,
      'A1 (id)': a1,
      'A2 (id)': a2,
      "Client A's entry (id)": entryA,
      "A1's entry (id)": entryA1,
    },
    membersOnlyFace: {
      'Client A (name)': `Client A ${nonce}`,
      "Client A's channel (title)": inA.title,
      "A1's channel (title)": inA1.title,
    },
  }
}

/**
 * Everything of the world a stray write would change, as one value: a
 * refusal must leave it exactly as it was.
 */
async function fingerprint(w: World): Promise<string> {
  const started = performance.now()
  try {
    return await readFingerprint(w)
  } finally {
    timing.fingerprintMs += performance.now() - started
  }
}

async function readFingerprint(w: World): Promise<string> {
  const users = sql.join(
    w.userIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const groupsOf = sql`(select id from "group" where owner_id in (${users}))`
  const result = await db.execute(sql`select json_build_array(
    (select json_agg(json_build_array(g.id, g.owner_id, g.parent_id, g.name, g.description, g.icon,
      g.color, g.position, g.version) order by g.id) from "group" g where g.owner_id in (${users})),
    (select json_agg(json_build_array(i.group_id, i.entry_id, i.position) order by i.group_id, i.entry_id)
      from group_item i where i.group_id in ${groupsOf}),
    (select json_agg(json_build_array(m.group_id, m.user_id, m.role, m.version) order by m.group_id, m.user_id)
      from group_member m where m.group_id in ${groupsOf} or m.user_id in (${users})),
    (select json_agg(json_build_array(l.id, l.permission, l.revoked_at, l.expires_at, l.use_count) order by l.id)
      from share_link l where l.group_id in ${groupsOf}),
    (select json_agg(json_build_array(v.id, v.email, v.role, v.accepted_at, v.cancelled_at, v.token_hash) order by v.id)
      from group_invitation v where v.group_id in ${groupsOf}),
    (select json_agg(json_build_array(e.id, e.user_id, e.alias, e.notes, e.tags, e.version) order by e.id)
      from library_entry e where e.user_id in (${users})),
    (select count(*) from group_activity a where a.owner_id in (${users})),
    (select json_agg(json_build_array(f.user_id, f.group_id, f.expanded) order by f.user_id, f.group_id)
      from group_fold f where f.user_id in (${users})),
    (select json_agg(json_build_array(s.user_id, s.default_icon, s.default_color, s.tree_expanded) order by s.user_id)
      from group_settings s where s.user_id in (${users})),
    (select json_agg(json_build_array(d.id, d.state, d.options) order by d.id)
      from data_import d where d.user_id in (${users})),
    (select json_agg(json_build_array(w.user_id, w.video_id) order by w.user_id, w.video_id)
      from video_watch w where w.user_id in (${users})),
    (select json_agg(json_build_array(v.user_id, v.group_id, v.seen_at) order by v.user_id, v.group_id)
      from group_visit v where v.user_id in (${users}))
  )::text as print`)
  const [first] = rowsOf(result)
  return first && typeof first === 'object' && 'print' in first ? String(first.print) : ''
}

function rowsOf(result: unknown): unknown[] {
  const rows = result && typeof result === 'object' && 'rows' in result ? result.rows : null
  return Array.isArray(rows) ? rows : []
}

async function versionOf(id: string): Promise<number> {
  const [row] = await db.select({ version: group.version }).from(group).where(eq(group.id, id))
  return row?.version ?? 1
}

async function memberVersion(groupId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: groupMember.version })
    .from(groupMember)
    .where(and(eq(groupMember.groupId, groupId), eq(groupMember.userId, userId)))
  return row?.version ?? 1
}

async function entryVersion(id: string): Promise<number> {
  const [row] = await db
    .select({ version: libraryEntry.version })
    .from(libraryEntry)
    .where(eq(libraryEntry.id, id))
  return row?.version ?? 1
}

async function ownerOfGroup(id: string): Promise<string | null> {
  const [row] = await db.select({ ownerId: group.ownerId }).from(group).where(eq(group.id, id))
  return row?.ownerId ?? null
}

/** The owners of the library entries placed in a group's subtree. */
async function entryOwnersIn(groupId: string): Promise<string[]> {
  const result = await db.execute(sql`with recursive down(id) as (
      select ${groupId}::uuid union all select g.id from "group" g join down d on g.parent_id = d.id
    )
    select distinct e.user_id from group_item i join library_entry e on e.id = i.entry_id
    where i.group_id in (select id from down)`)
  return rowsOf(result).map((row) =>
    row && typeof row === 'object' && 'user_id' in row ? String(row.user_id) : '',
  )
}

/* Rows */

type Ctx = { w: World; actor: Actor; persona: SignedInPersona; prepared: string }
type OpenCtx = { w: World; actor: Actor | null; persona: Persona; prepared: string }
type RowOptions = {
  /** Refusal codes for personas without a role (default GROUP_NOT_FOUND). */
  outsider?: Codes
  /** Refusal codes for viewer and editor (default GROUP_FORBIDDEN). */
  member?: Codes
  /** Per-persona refusal codes, over the defaults. */
  codes?: Partial<Record<Persona, Codes>>
  /** Runs before the cell (and before the fingerprint), as the cell's actor; its answer is ctx.prepared. */
  prepare?: (ctx: Omit<OpenCtx, 'prepared'>) => Promise<string>
  /** More assertions on an allowed answer. */
  check?: (ctx: OpenCtx, result: unknown) => Promise<void> | void
  /** The call grants a role (joining): an outsider's answer may then name Client A. */
  grants?: boolean
  /** A preview for a link or invitation holder: it shows Client A's face, never its ids. */
  face?: boolean
  /** Scoped to the actor's own data: nobody else's answer may name anything of Alice's. */
  scoped?: boolean
  /** Allowed cells change what the next one needs: each gets a fresh world. */
  isolate?: boolean
  /**
   * The server functions (`file#name`) or routes through which the network
   * reaches this export, when none calls it directly; 'none' when nothing does.
   */
  via?: readonly string[] | 'none'
  /** Costly parts of the world only some rows use. */
  needs?: readonly Need[]
}
type Row = RowOptions & { what: string; cells: Cells } & (
    | { open: false; run: (ctx: Ctx) => Promise<unknown> }
    | { open: true; run: (ctx: OpenCtx) => Promise<unknown> }
  )
type Internal = { internal: string }

function gated(
  what: string,
  cells: Cells,
  run: (ctx: Ctx) => Promise<unknown>,
  options: RowOptions = {},
): Row {
  return { ...options, what, cells, open: false, run }
}
/** A public function: anonymous is a real call with a null actor. */
function open(
  what: string,
  cells: Cells,
  run: (ctx: OpenCtx) => Promise<unknown>,
  options: RowOptions = {},
): Row {
  return { ...options, what, cells, open: true, run }
}

const form = { description: '', icon: null, color: null }
const TOP: ImportOptions = { parentId: null, sameNames: 'merge' }
const into = (parentId: string): ImportOptions => ({ parentId, sameNames: 'merge' })
const NF: ErrorCode = 'GROUP_NOT_FOUND'
const FORBIDDEN: ErrorCode = 'GROUP_FORBIDDEN'
const EITHER: readonly ErrorCode[] = [FORBIDDEN, NF]
const LINK_GONE: ErrorCode = 'SHARE_LINK_UNAVAILABLE'
const INVITATION_GONE: ErrorCode = 'INVITATION_UNAVAILABLE'
const ownPreview = (ctx: Omit<OpenCtx, 'prepared'>) => {
  if (!ctx.actor) throw new Error('a preview needs an actor')
  return imports
    .previewImportText(db, ctx.actor, {
      text: `https://www.youtube.com/channel/${ctx.w.freshChannel}`,
    })
    .then((preview) => preview.importId)
}
/** The breadcrumb ids of a group detail: the owner's, and a member's. */
const crumbs =
  (forOwner: (w: World) => string[], forMember: (w: World) => string[]) =>
  (ctx: OpenCtx, result: unknown) => {
    const ancestors =
      result &&
      typeof result === 'object' &&
      'ancestors' in result &&
      Array.isArray(result.ancestors)
        ? result.ancestors.map((crumb: unknown) =>
            crumb && typeof crumb === 'object' && 'id' in crumb ? crumb.id : null,
          )
        : null
    expect(ancestors).toEqual(ctx.persona === 'owner' ? forOwner(ctx.w) : forMember(ctx.w))
  }
const sharedRoot = (ctx: OpenCtx, result: unknown) => {
  expect(result).toMatchObject({ rootId: ctx.persona === 'owner' ? null : ctx.w.clientA })
}
const roleIs = (expected: (persona: Persona) => string) => (ctx: OpenCtx, result: unknown) => {
  expect(result).toMatchObject({ role: expected(ctx.persona) })
}

const ENTRY_GONE: Partial<Record<Persona, Codes>> = {
  stranger: 'ENTRY_NOT_FOUND',
  viewer: 'ENTRY_NOT_FOUND',
  editor: 'ENTRY_NOT_FOUND',
  removed: 'ENTRY_NOT_FOUND',
  revokedLink: 'ENTRY_NOT_FOUND',
  expiredLink: 'ENTRY_NOT_FOUND',
}

/*
 * THE TABLE. One entry per export of each server module (a new export
 * without an entry does not compile), one row per input, one cell per persona:
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */
const groupRows: Record<keyof typeof groups, readonly Row[]> = {
  getGroupTree: [
    gated('own tree', [N, Y, Y, Y, Y, Y, Y, Y], (c) => groups.getGroupTree(db, c.actor), {
      scoped: true,
      via: 'none',
    }),
  ],
  getGroupTreeWire: [
    gated(
      'own tree as JSON',
      [N, Y, Y, Y, Y, Y, Y, Y],
      async (c) =>
        parseGroupTree(new TextDecoder().decode((await groups.getGroupTreeWire(db, c.actor)).body)),
      { scoped: true },
    ),
  ],
  getSharedTree: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => groups.getSharedTree(db, c.actor, { id: c.w.clientA }),
      // A member's pickers see the shared subtree only, rooted at the group shared with them.
      { check: sharedRoot },
    ),
    gated(
      'A1',
      [N, N, Y, Y, Y, N, N, N],
      (c) => groups.getSharedTree(db, c.actor, { id: c.w.a1 }),
      { check: sharedRoot },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => groups.getSharedTree(db, c.actor, { id: c.w.clientB }),
      { member: NF },
    ),
  ],
  getGroupDetail: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => groups.getGroupDetail(db, c.actor, { id: c.w.clientA }),
      // A member's breadcrumbs start at the shared group: nothing above it shows.
      {
        check: crumbs(
          (w) => [w.clients],
          () => [],
        ),
      },
    ),
    gated(
      'A1',
      [N, N, Y, Y, Y, N, N, N],
      (c) => groups.getGroupDetail(db, c.actor, { id: c.w.a1 }),
      {
        check: crumbs(
          (w) => [w.clients, w.clientA],
          (w) => [w.clientA],
        ),
      },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => groups.getGroupDetail(db, c.actor, { id: c.w.clientB }),
      { member: NF },
    ),
  ],
  createGroup: [
    gated(
      'top level of own tree',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => groups.createGroup(db, c.actor, { ...form, name: `New ${c.persona}`, parentId: null }),
      { scoped: true },
    ),
    gated(
      'under Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        groups.createGroup(db, c.actor, {
          ...form,
          name: `New ${c.persona}`,
          parentId: c.w.clientA,
        }),
      // A subgroup an editor creates belongs to the tree's owner.
      {
        check: async (c, result) => {
          const id = result && typeof result === 'object' && 'id' in result ? String(result.id) : ''
          expect(await ownerOfGroup(id)).toBe(c.w.actors.owner.id)
        },
      },
    ),
    gated('under A1', [N, N, N, Y, Y, N, N, N], (c) =>
      groups.createGroup(db, c.actor, { ...form, name: `New ${c.persona}`, parentId: c.w.a1 }),
    ),
    gated(
      'under Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.createGroup(db, c.actor, {
          ...form,
          name: `New ${c.persona}`,
          parentId: c.w.clientB,
        }),
      { member: NF },
    ),
  ],
  updateGroup: [
    gated('Client A itself (the grant root)', [N, N, N, N, Y, N, N, N], async (c) =>
      groups.updateGroup(db, c.actor, {
        ...form,
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
        name: `Renamed by ${c.persona}`,
      }),
    ),
    gated('A1', [N, N, N, Y, Y, N, N, N], async (c) =>
      groups.updateGroup(db, c.actor, {
        ...form,
        id: c.w.a1,
        version: await versionOf(c.w.a1),
        name: `A1 by ${c.persona}`,
      }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        groups.updateGroup(db, c.actor, {
          ...form,
          id: c.w.clientB,
          version: await versionOf(c.w.clientB),
          name: `B by ${c.persona}`,
        }),
      { member: NF },
    ),
  ],
  moveGroup: [
    gated('A2 into A1 (inside the share)', [N, N, N, Y, Y, N, N, N], async (c) =>
      groups.moveGroup(db, c.actor, {
        id: c.w.a2,
        version: await versionOf(c.w.a2),
        parentId: c.w.a1,
      }),
    ),
    gated('A1 to the top level (out of the share)', [N, N, N, N, Y, N, N, N], async (c) =>
      groups.moveGroup(db, c.actor, {
        id: c.w.a1,
        version: await versionOf(c.w.a1),
        parentId: null,
      }),
    ),
    gated(
      'A1 under Client B (out of the share)',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        groups.moveGroup(db, c.actor, {
          id: c.w.a1,
          version: await versionOf(c.w.a1),
          parentId: c.w.clientB,
        }),
      { member: EITHER },
    ),
    gated('Client A after Client B (the grant root)', [N, N, N, N, Y, N, N, N], async (c) =>
      groups.moveGroup(db, c.actor, {
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
        parentId: c.w.clients,
        afterId: c.w.clientB,
      }),
    ),
    gated(
      'own group into Client A',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        groups.moveGroup(db, c.actor, {
          id: c.w.own[c.persona].groupId,
          version: await versionOf(c.w.own[c.persona].groupId),
          parentId: c.w.clientA,
        }),
      // Items of a tree are its owner's entries: another tree's group cannot join it.
      { codes: { editor: NF } },
    ),
    gated('Client A into own group', [N, N, N, N, Y, N, N, N], async (c) =>
      groups.moveGroup(db, c.actor, {
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
        parentId: c.w.own[c.persona].groupId,
      }),
    ),
  ],
  getDeletePreview: [
    gated('Client A itself (the grant root)', [N, N, N, N, Y, N, N, N], (c) =>
      groups.getDeletePreview(db, c.actor, { id: c.w.clientA }),
    ),
    gated('A1', [N, N, N, Y, Y, N, N, N], (c) =>
      groups.getDeletePreview(db, c.actor, { id: c.w.a1 }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => groups.getDeletePreview(db, c.actor, { id: c.w.clientB }),
      { member: NF },
    ),
  ],
  deleteGroup: [
    gated('Client A itself (the grant root)', [N, N, N, N, Y, N, N, N], async (c) =>
      groups.deleteGroup(db, c.actor, { id: c.w.clientA, version: await versionOf(c.w.clientA) }),
    ),
    gated(
      'A1',
      [N, N, N, Y, Y, N, N, N],
      async (c) =>
        groups.deleteGroup(db, c.actor, { id: c.w.a1, version: await versionOf(c.w.a1) }),
      { isolate: true },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        groups.deleteGroup(db, c.actor, { id: c.w.clientB, version: await versionOf(c.w.clientB) }),
      { member: NF },
    ),
  ],
  foldGroup: [
    gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      groups.foldGroup(db, c.actor, { id: c.w.clientA, expanded: false }),
    ),
  ],
  foldGroups: [
    gated('own group', [N, Y, Y, Y, Y, Y, Y, Y], (c) =>
      groups.foldGroups(db, c.actor, { ids: [c.w.own[c.persona].groupId], expanded: false }),
    ),
    // "Collapse all" works on the actor's own tree only.
    gated(
      '[Client A]',
      [N, N, N, N, Y, N, N, N],
      (c) => groups.foldGroups(db, c.actor, { ids: [c.w.clientA], expanded: false }),
      { member: NF },
    ),
  ],
  getGroupSettings: [
    gated('own settings', [N, Y, Y, Y, Y, Y, Y, Y], (c) => groups.getGroupSettings(db, c.actor), {
      scoped: true,
    }),
  ],
  updateGroupSettings: [
    gated(
      'own settings',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        groups.updateGroupSettings(db, c.actor, {
          defaultIcon: 'lucide:star',
          defaultColor: 'red',
          defaultSort: 'name',
          treeExpanded: false,
          showCounts: false,
        }),
      { scoped: true },
    ),
  ],
  listActivity: [
    gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      groups.listActivity(db, c.actor, { groupId: c.w.clientA }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => groups.listActivity(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
    gated(
      'own account',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => groups.listActivity(db, c.actor, { groupId: null }),
      { scoped: true },
    ),
  ],
  addItems: [
    gated("Client A ← the owner's entry from A1", [N, N, N, Y, Y, N, N, N], (c) =>
      groups.addItems(db, c.actor, { groupId: c.w.clientA, entryIds: [c.w.entryA1] }),
    ),
    gated(
      "Client A ← the actor's own entry",
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        groups.addItems(db, c.actor, {
          groupId: c.w.clientA,
          entryIds: [c.w.own[c.persona].entryId],
        }),
      // An editor adds from their own library; the item becomes an entry of the owner's.
      { check: ownerEntriesOnly },
    ),
    gated(
      "Client B ← the owner's entry from A",
      [N, N, N, N, Y, N, N, N],
      (c) => groups.addItems(db, c.actor, { groupId: c.w.clientB, entryIds: [c.w.entryA] }),
      { member: NF },
    ),
  ],
  removeItems: [
    gated("Client A's item", [N, N, N, Y, Y, N, N, N], (c) =>
      groups.removeItems(db, c.actor, { groupId: c.w.clientA, entryIds: [c.w.entryA] }),
    ),
    gated(
      "Client B's item",
      [N, N, N, N, Y, N, N, N],
      (c) => groups.removeItems(db, c.actor, { groupId: c.w.clientB, entryIds: [c.w.entryB] }),
      { member: NF },
    ),
  ],
  moveItems: [
    gated('Client A → A1', [N, N, N, Y, Y, N, N, N], (c) =>
      groups.moveItems(db, c.actor, {
        fromGroupId: c.w.clientA,
        toGroupId: c.w.a1,
        entryIds: [c.w.entryA],
      }),
    ),
    gated(
      'Client A → Client B (out of the share)',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.moveItems(db, c.actor, {
          fromGroupId: c.w.clientA,
          toGroupId: c.w.clientB,
          entryIds: [c.w.entryA],
        }),
      { member: EITHER },
    ),
    gated(
      'Client B → Client A (into the share)',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.moveItems(db, c.actor, {
          fromGroupId: c.w.clientB,
          toGroupId: c.w.clientA,
          entryIds: [c.w.entryB],
        }),
      { member: NF },
    ),
    gated(
      'own group → Client A',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.moveItems(db, c.actor, {
          fromGroupId: c.w.own[c.persona].groupId,
          toGroupId: c.w.clientA,
          entryIds: [c.w.own[c.persona].entryId],
        }),
      { member: EITHER },
    ),
    gated(
      'Client A → own group (out of the share)',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.moveItems(db, c.actor, {
          fromGroupId: c.w.clientA,
          toGroupId: c.w.own[c.persona].groupId,
          entryIds: [c.w.entryA],
        }),
      { member: EITHER },
    ),
  ],
  copyItems: [
    gated("A1's item → Client A", [N, N, N, Y, Y, N, N, N], (c) =>
      groups.copyItems(db, c.actor, { toGroupId: c.w.clientA, entryIds: [c.w.entryA1] }),
    ),
    gated(
      "Client A's item → Client B",
      [N, N, N, N, Y, N, N, N],
      (c) => groups.copyItems(db, c.actor, { toGroupId: c.w.clientB, entryIds: [c.w.entryA] }),
      { member: NF },
    ),
    gated(
      "Client A's item → own group",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.copyItems(db, c.actor, {
          toGroupId: c.w.own[c.persona].groupId,
          entryIds: [c.w.entryA],
        }),
      // The owner's entry never becomes an item of someone else's tree.
      { codes: ENTRY_GONE },
    ),
  ],
  reorderItem: [
    gated("Client A's item to the top", [N, N, N, Y, Y, N, N, N], (c) =>
      groups.reorderItem(db, c.actor, { groupId: c.w.clientA, entryId: c.w.entryA, afterId: null }),
    ),
    gated(
      "Client B's item to the top",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        groups.reorderItem(db, c.actor, {
          groupId: c.w.clientB,
          entryId: c.w.entryB,
          afterId: null,
        }),
      { member: NF },
    ),
  ],
}

/** Every item of Client A is an entry of its owner (an item of a tree is its owner's entry). */
async function ownerEntriesOnly(c: OpenCtx) {
  expect(await entryOwnersIn(c.w.clientA)).toEqual([c.w.actors.owner.id])
}

/** …and adding a channel or series to it creates no entry in the editor's own library. */
async function ownerEntryOnly(c: OpenCtx) {
  await ownerEntriesOnly(c)
  if (c.actor && c.persona !== 'owner') {
    const [stray] = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(
        and(
          eq(libraryEntry.userId, c.actor.id),
          or(eq(libraryEntry.channelId, c.w.freshChannel), eq(libraryEntry.animeId, c.w.animeId)),
        ),
      )
    expect(stray).toBeUndefined()
  }
}

const libraryRows: Record<keyof typeof library, readonly Row[] | Internal> = {
  listLibrary: [
    gated(
      'own channels',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => library.listLibrary(db, c.actor, { kind: 'channel' }),
      { scoped: true },
    ),
  ],
  listLibraryHead: [
    gated(
      'first screen of own channels',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => library.listLibraryHead(db, c.actor, { kind: 'channel' }),
      { scoped: true },
    ),
  ],
  getEntry: [
    gated(
      "the owner's entry in Client A",
      [N, N, N, N, Y, N, N, N],
      (c) => library.getEntry(db, c.actor, { id: c.w.entryA }),
      { codes: ENTRY_GONE },
    ),
  ],
  updateEntry: [
    gated(
      "the owner's entry in Client A",
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        library.updateEntry(db, c.actor, {
          id: c.w.entryA,
          version: await entryVersion(c.w.entryA),
          alias: `Alias by ${c.persona}`,
          notes: '',
          tags: [],
        }),
      { codes: ENTRY_GONE },
    ),
  ],
  removeEntries: [
    gated(
      "the owner's entry in Client A",
      [N, N, N, N, Y, N, N, N],
      (c) => library.removeEntries(db, c.actor, { ids: [c.w.entryA] }),
      { codes: ENTRY_GONE },
    ),
  ],
  setEntryGroups: [
    gated(
      "the owner's entry → Client A and A1",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        library.setEntryGroups(db, c.actor, { id: c.w.entryA, groupIds: [c.w.clientA, c.w.a1] }),
      { codes: ENTRY_GONE },
    ),
    gated(
      "the actor's own entry → Client A",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        library.setEntryGroups(db, c.actor, {
          id: c.w.own[c.persona].entryId,
          groupIds: [c.w.own[c.persona].groupId, c.w.clientA],
        }),
      // An entry belongs to one library: an editor's own entry cannot enter the owner's group.
      { codes: { editor: NF } },
    ),
  ],
  resolveChannels: [
    gated('a paste for Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      library.resolveChannels(db, c.actor, {
        text: 'https://example.com/page',
        groupId: c.w.clientA,
      }),
    ),
    gated(
      'a paste for Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        library.resolveChannels(db, c.actor, {
          text: 'https://example.com/page',
          groupId: c.w.clientB,
        }),
      { member: NF },
    ),
  ],
  addChannels: [
    gated(
      'a catalogued channel → Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        library.addChannels(db, c.actor, { channelIds: [c.w.freshChannel], groupId: c.w.clientA }),
      { check: ownerEntryOnly },
    ),
    gated(
      'a catalogued channel → Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        library.addChannels(db, c.actor, { channelIds: [c.w.freshChannel], groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  resolveAnime: [
    gated(
      'a catalogued series',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => library.resolveAnime(db, c.actor, { url: c.w.animeUrl }),
      { scoped: true },
    ),
  ],
  addAnime: [
    gated(
      'a catalogued series → Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) => library.addAnime(db, c.actor, { url: c.w.animeUrl, groupId: c.w.clientA }),
      { check: ownerEntryOnly },
    ),
    gated(
      'a catalogued series → Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => library.addAnime(db, c.actor, { url: c.w.animeUrl, groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
}

const EXPORT_ROUTE = 'route:src/routes/api/export.ts'
const exportRows: Record<keyof typeof exporter, readonly Row[]> = {
  loadExportModel: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => exporter.loadExportModel(db, c.actor, { groupId: c.w.clientA }),
      { via: [EXPORT_ROUTE] },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => exporter.loadExportModel(db, c.actor, { groupId: c.w.clientB }),
      { member: NF, via: [EXPORT_ROUTE] },
    ),
    gated(
      'whole account',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => exporter.loadExportModel(db, c.actor, { groupId: null }),
      { scoped: true, via: [EXPORT_ROUTE] },
    ),
  ],
}

const IMPORT_GONE: Partial<Record<Persona, Codes>> = {
  stranger: 'IMPORT_NOT_FOUND',
  viewer: 'IMPORT_NOT_FOUND',
  editor: 'IMPORT_NOT_FOUND',
  removed: 'IMPORT_NOT_FOUND',
  revokedLink: 'IMPORT_NOT_FOUND',
  expiredLink: 'IMPORT_NOT_FOUND',
}

const importRows: Record<keyof typeof imports, readonly Row[] | Internal> = {
  IMPORT_JOB_ATTEMPTS: { internal: 'a constant' },
  importJob: { internal: 'the job definition; runs runImport for the import’s owner' },
  runImport: { internal: 'job only: re-checks the destination for the importer when it applies' },
  previewImportText: [
    gated(
      'pasted links',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        imports.previewImportText(db, c.actor, {
          text: `https://www.youtube.com/channel/${c.w.freshChannel}`,
        }),
      { scoped: true },
    ),
  ],
  previewImportFile: [
    gated(
      'an uploaded list',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        imports.previewImportFile(db, c.actor, {
          file: new File([`https://www.youtube.com/channel/${c.w.freshChannel}\n`], 'list.txt'),
        }),
      { scoped: true },
    ),
  ],
  createImport: [
    gated(
      'a parsed file',
      [N, Y, Y, Y, Y, Y, Y, Y],
      async (c) =>
        imports.createImport(db, c.actor, {
          model: await parseImport(
            new TextEncoder().encode(`https://www.youtube.com/channel/${c.w.freshChannel}`),
            null,
          ),
          fileName: null,
        }),
      {
        scoped: true,
        via: [
          'src/features/transfer/transfer.functions.ts#previewImportText',
          'src/features/transfer/transfer.functions.ts#previewImportFile',
        ],
      },
    ),
  ],
  getImportPreview: [
    gated(
      'own import into Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        imports.getImportPreview(db, c.actor, { importId: c.prepared, options: into(c.w.clientA) }),
      { prepare: ownPreview },
    ),
    gated(
      'own import into Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        imports.getImportPreview(db, c.actor, { importId: c.prepared, options: into(c.w.clientB) }),
      { prepare: ownPreview, member: NF },
    ),
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => imports.getImportPreview(db, c.actor, { importId: aliceImportIn(c.w), options: TOP }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
  startImport: [
    gated(
      'own import into Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) => imports.startImport(db, c.actor, { importId: c.prepared, options: into(c.w.clientA) }),
      { prepare: ownPreview },
    ),
    gated(
      'own import into Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => imports.startImport(db, c.actor, { importId: c.prepared, options: into(c.w.clientB) }),
      { prepare: ownPreview, member: NF },
    ),
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => imports.startImport(db, c.actor, { importId: aliceImportIn(c.w), options: TOP }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
  getImportStatus: [
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => imports.getImportStatus(db, c.actor, { importId: aliceImportIn(c.w) }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
  listImports: [
    gated('own imports', [N, Y, Y, Y, Y, Y, Y, Y], (c) => imports.listImports(db, c.actor), {
      scoped: true,
    }),
  ],
  cancelImport: [
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => imports.cancelImport(db, c.actor, { importId: aliceImportIn(c.w) }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
}

/** Alice's YouTube connection (tokens are opaque here): present before every cell. */
async function aliceConnected(ctx: Omit<OpenCtx, 'prepared'>): Promise<string> {
  await db
    .insert(youtubeConnection)
    .values({
      userId: ctx.w.actors.owner.id,
      channelTitle: `Alice on YouTube ${ctx.w.nonce}`,
      accessToken: 'sealed-elsewhere',
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
    })
    .onConflictDoNothing()
  return ctx.w.actors.owner.id
}

async function hasConnection(userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: youtubeConnection.userId })
    .from(youtubeConnection)
    .where(eq(youtubeConnection.userId, userId))
  return rows.length > 0
}

const NOT_CONNECTED: Partial<Record<Persona, Codes>> = Object.fromEntries(
  SIGNED_IN.map((persona) => [
    persona,
    persona === 'owner' ? 'GOOGLE_NOT_CONFIGURED' : 'YOUTUBE_NOT_CONNECTED',
  ]),
)

const youtubeConnectRows: Record<keyof typeof youtubeConnect, readonly Row[] | Internal> = {
  getYoutubeConnection: [
    gated(
      "own connection, Alice's existing",
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => youtubeConnect.getYoutubeConnection(db, c.actor),
      {
        scoped: true,
        prepare: aliceConnected,
        check: (ctx, result) => {
          const title = `Alice on YouTube ${ctx.w.nonce}`
          if (ctx.persona === 'owner') expect(JSON.stringify(result)).toContain(title)
          else expect(result).toMatchObject({ connection: null })
        },
      },
    ),
  ],
  importYoutubeSubscriptions: [
    gated(
      "with Alice's connection (Google not configured in tests)",
      [N, N, N, N, N, N, N, N],
      (c) => youtubeConnect.importYoutubeSubscriptions(db, c.actor),
      { prepare: aliceConnected, codes: NOT_CONNECTED },
    ),
  ],
  disconnectYoutube: [
    gated(
      "own connection only, Alice's existing",
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => youtubeConnect.disconnectYoutube(db, c.actor),
      {
        scoped: true,
        prepare: aliceConnected,
        check: async (ctx, result) => {
          const own = ctx.persona === 'owner'
          expect(result).toMatchObject({ disconnected: own })
          expect(await hasConnection(ctx.w.actors.owner.id)).toBe(!own)
        },
      },
    ),
  ],
  startYoutubeConnect: {
    internal:
      'reached only through GET /api/youtube/connect, which sends anonymous browsers to sign in (youtube-connect.integration.test.ts)',
  },
  completeYoutubeConnect: {
    internal:
      'reached only through GET /api/youtube/callback, which sends anonymous browsers to sign in; the flow cookie binds the user (youtube-connect.integration.test.ts)',
  },
  SIGN_IN_FIRST: { internal: 'a constant: where the routes send a signed-out browser' },
  connectRedirectResponse: { internal: "builds the routes' redirect; reads nothing" },
  CONNECT_COOKIE: { internal: 'a constant' },
}

const overviewRows: Record<keyof typeof overview, readonly Row[]> = {
  getOverviewCounts: [
    gated('own counts', [N, Y, Y, Y, Y, Y, Y, Y], (c) => overview.getOverviewCounts(db, c.actor), {
      scoped: true,
    }),
  ],
}

/** A fresh upload of the channel behind one of Alice's entries; returns its id. */
async function uploadTo(w: World, entryId: string, tag: string): Promise<string> {
  const [entry] = await db
    .select({ channelId: libraryEntry.channelId })
    .from(libraryEntry)
    .where(eq(libraryEntry.id, entryId))
  const channelId = entry?.channelId
  if (!channelId) throw new Error(`no channel behind ${entryId}`)
  const id = `${tag}${w.nonce}xxxxxxxxxxx`.replace(/[^A-Za-z0-9_-]/g, 'x').slice(0, 11)
  await db
    .insert(video)
    .values({ id, channelId, title: `Upload ${tag}`, publishedAt: new Date(Date.now() - 60_000) })
    .onConflictDoNothing()
  return id
}

const watchedBy = async (c: OpenCtx) => {
  const rows = await db
    .select({ videoId: videoWatch.videoId })
    .from(videoWatch)
    .where(and(eq(videoWatch.userId, c.actor?.id ?? ''), eq(videoWatch.videoId, c.prepared)))
  expect(rows).toHaveLength(1)
}

const feedChannels = (count: number) => (_c: OpenCtx, result: unknown) => {
  expect(result).toMatchObject({ channels: expect.any(Array) })
  const channels =
    result && typeof result === 'object' && 'channels' in result && Array.isArray(result.channels)
      ? result.channels
      : []
  expect(channels).toHaveLength(count)
}

const VIDEO_GONE: Partial<Record<Persona, Codes>> = {
  stranger: 'VIDEO_NOT_FOUND',
  viewer: 'VIDEO_NOT_FOUND',
  editor: 'VIDEO_NOT_FOUND',
  removed: 'VIDEO_NOT_FOUND',
  revokedLink: 'VIDEO_NOT_FOUND',
  expiredLink: 'VIDEO_NOT_FOUND',
}

const feedRows: Record<keyof typeof feed, readonly Row[]> = {
  getGroupFeed: [
    gated(
      'Client A (with A1 below)',
      [N, N, Y, Y, Y, N, N, N],
      (c) => feed.getGroupFeed(db, c.actor, { groupId: c.w.clientA }),
      { check: feedChannels(2) },
    ),
    gated(
      'A1',
      [N, N, Y, Y, Y, N, N, N],
      (c) => feed.getGroupFeed(db, c.actor, { groupId: c.w.a1 }),
      { check: feedChannels(1) },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => feed.getGroupFeed(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  markWatched: [
    gated(
      "an upload of Client A's channel",
      [N, N, Y, Y, Y, N, N, N],
      (c) => feed.markWatched(db, c.actor, { videoId: c.prepared, watched: true }),
      {
        prepare: (c) => uploadTo(c.w, c.w.entryA, 'a'),
        codes: VIDEO_GONE,
        // Watched is the actor's own, never anyone else's.
        check: watchedBy,
      },
    ),
    gated(
      "an upload of Client B's channel",
      [N, N, N, N, Y, N, N, N],
      (c) => feed.markWatched(db, c.actor, { videoId: c.prepared, watched: true }),
      { prepare: (c) => uploadTo(c.w, c.w.entryB, 'b'), codes: VIDEO_GONE, check: watchedBy },
    ),
  ],
  markGroupSeen: [
    gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      feed.markGroupSeen(db, c.actor, { groupId: c.w.clientA }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => feed.markGroupSeen(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  getFeedBadges: [
    gated(
      'own tree and shared groups',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => feed.getFeedBadges(db, c.actor),
      {
        prepare: async (c) => {
          await uploadTo(c.w, c.w.entryA, 'a')
          return uploadTo(c.w, c.w.entryB, 'b')
        },
        check: (c, result) => {
          const ids = result && typeof result === 'object' ? Object.keys(result).sort() : []
          const member = c.persona === 'viewer' || c.persona === 'editor'
          const expected =
            c.persona === 'owner'
              ? [c.w.clients, c.w.clientA, c.w.clientB]
              : member
                ? [c.w.clientA]
                : []
          expect(ids).toEqual(expected.sort())
        },
      },
    ),
  ],
}

const everyoneLinkGone: Partial<Record<Persona, Codes>> = Object.fromEntries(
  PERSONAS.map((persona) => [persona, LINK_GONE]),
)
const everyone = (code: ErrorCode): Partial<Record<Persona, Codes>> =>
  Object.fromEntries(PERSONAS.map((persona) => [persona, code]))

const sharingRows: Record<keyof typeof sharing, readonly Row[]> = {
  getSharePreview: [
    open(
      'the active view link',
      [Y, Y, Y, Y, Y, Y, Y, Y],
      (c) => sharing.getSharePreview(db, c.actor, { linkId: c.w.links.view, permission: 'view' }),
      {
        face: true,
        check: (c, result) => {
          const member = c.persona === 'viewer' || c.persona === 'editor' || c.persona === 'owner'
          expect(result).toMatchObject({
            viewer: c.actor ? { groupId: member ? c.w.clientA : null } : null,
          })
        },
      },
    ),
    open(
      'the active edit link',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => sharing.getSharePreview(db, c.actor, { linkId: c.w.links.edit, permission: 'edit' }),
      { face: true, codes: { anonymous: 'UNAUTHENTICATED' } },
    ),
    open(
      'the view link with permission=edit in the URL',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.getSharePreview(db, c.actor, { linkId: c.w.links.view, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    open(
      'the revoked link',
      [N, N, N, N, N, N, N, N],
      (c) =>
        sharing.getSharePreview(db, c.actor, { linkId: c.w.links.revoked, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    open(
      'the expired link',
      [N, N, N, N, N, N, N, N],
      (c) =>
        sharing.getSharePreview(db, c.actor, { linkId: c.w.links.expired, permission: 'view' }),
      { codes: everyoneLinkGone },
    ),
  ],
  joinShareLink: [
    gated(
      'the active view link',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => sharing.joinShareLink(db, c.actor, { linkId: c.w.links.view, permission: 'view' }),
      {
        grants: true,
        // A view link makes a viewer; a stronger role already held is kept.
        check: roleIs((p) => (p === 'owner' ? 'owner' : p === 'editor' ? 'editor' : 'viewer')),
      },
    ),
    gated(
      'the active edit link',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => sharing.joinShareLink(db, c.actor, { linkId: c.w.links.edit, permission: 'edit' }),
      { grants: true, check: roleIs((p) => (p === 'owner' ? 'owner' : 'editor')) },
    ),
    gated(
      'the view link with permission=edit in the URL (raising access)',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.joinShareLink(db, c.actor, { linkId: c.w.links.view, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    gated(
      'the edit link with permission=view in the URL',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.joinShareLink(db, c.actor, { linkId: c.w.links.edit, permission: 'view' }),
      { codes: everyoneLinkGone },
    ),
    gated(
      'the revoked link',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.joinShareLink(db, c.actor, { linkId: c.w.links.revoked, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    gated(
      'the expired link',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.joinShareLink(db, c.actor, { linkId: c.w.links.expired, permission: 'view' }),
      { codes: everyoneLinkGone },
    ),
  ],
  getSharing: [
    gated('Client A (members, links, invitations)', [N, N, N, N, Y, N, N, N], (c) =>
      sharing.getSharing(db, c.actor, { groupId: c.w.clientA }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => sharing.getSharing(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  createShareLink: [
    gated('an edit link to Client A', [N, N, N, N, Y, N, N, N], (c) =>
      sharing.createShareLink(db, c.actor, {
        groupId: c.w.clientA,
        permission: 'edit',
        expiresInDays: 7,
      }),
    ),
    gated('a view link to A1', [N, N, N, N, Y, N, N, N], (c) =>
      sharing.createShareLink(db, c.actor, {
        groupId: c.w.a1,
        permission: 'view',
        expiresInDays: 0,
      }),
    ),
  ],
  revokeShareLink: [
    gated(
      "Client A's view link",
      [N, N, N, N, Y, N, N, N],
      (c) => sharing.revokeShareLink(db, c.actor, { linkId: c.w.links.view }),
      { outsider: LINK_GONE },
    ),
  ],
  inviteMember: [
    gated('a new address to Client A', [N, N, N, N, Y, N, N, N], (c) =>
      sharing.inviteMember(db, c.actor, {
        groupId: c.w.clientA,
        email: `invitee.${c.persona}.${c.w.nonce}@example.test`,
        role: 'editor',
      }),
    ),
  ],
  cancelInvitation: [
    gated(
      "Client A's pending invitation",
      [N, N, N, N, Y, N, N, N],
      (c) => sharing.cancelInvitation(db, c.actor, { invitationId: invitationsIn(c.w).id }),
      { outsider: INVITATION_GONE, needs: ['invitations'] },
    ),
  ],
  getInvitation: [
    open(
      'the pending invitation (to the stranger)',
      [Y, Y, Y, Y, Y, Y, Y, Y],
      (c) => sharing.getInvitation(db, c.actor, { token: invitationsIn(c.w).token }),
      {
        face: true,
        needs: ['invitations'],
        check: (c, result) => {
          expect(result).toMatchObject({
            viewer: c.actor ? { emailMatches: c.persona === 'stranger' } : null,
          })
        },
      },
    ),
    open(
      'the cancelled invitation',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.getInvitation(db, c.actor, { token: invitationsIn(c.w).cancelledToken }),
      { codes: everyone(INVITATION_GONE), needs: ['invitations'] },
    ),
  ],
  acceptInvitation: [
    gated(
      "the invitation to the stranger's address",
      [N, Y, N, N, N, N, N, N],
      (c) => sharing.acceptInvitation(db, c.actor, { token: invitationsIn(c.w).token }),
      {
        // Holding the token is not enough: the signed-in address must be the invited one.
        codes: { ...everyone('INVITATION_WRONG_ACCOUNT'), anonymous: 'UNAUTHENTICATED' },
        grants: true,
        needs: ['invitations'],
        check: roleIs(() => 'editor'),
      },
    ),
    gated(
      'the cancelled invitation',
      [N, N, N, N, N, N, N, N],
      (c) => sharing.acceptInvitation(db, c.actor, { token: invitationsIn(c.w).cancelledToken }),
      {
        codes: { ...everyone(INVITATION_GONE), anonymous: 'UNAUTHENTICATED' },
        needs: ['invitations'],
      },
    ),
  ],
  changeMemberRole: [
    gated("the viewer's role → editor", [N, N, N, N, Y, N, N, N], async (c) =>
      sharing.changeMemberRole(db, c.actor, {
        groupId: c.w.clientA,
        userId: c.w.actors.viewer.id,
        role: 'editor',
        version: await memberVersion(c.w.clientA, c.w.actors.viewer.id),
      }),
    ),
  ],
  removeMember: [
    gated('another viewer (Olga)', [N, N, N, N, Y, N, N, N], (c) =>
      sharing.removeMember(db, c.actor, { groupId: c.w.clientA, userId: c.w.olga.id }),
    ),
  ],
  leaveGroup: [
    gated(
      'Client A',
      [N, N, Y, Y, N, N, N, N],
      (c) => sharing.leaveGroup(db, c.actor, { groupId: c.w.clientA }),
      // The owner holds no grant to give up.
      { codes: { owner: NF } },
    ),
  ],
  listSharedWithMe: [
    gated('own grants', [N, Y, Y, Y, Y, Y, Y, Y], (c) => sharing.listSharedWithMe(db, c.actor), {
      check: (c, result) => {
        const ids = Array.isArray(result)
          ? result.map((row: unknown) =>
              row && typeof row === 'object' && 'groupId' in row ? row.groupId : null,
            )
          : []
        const member = c.persona === 'viewer' || c.persona === 'editor'
        expect(ids).toEqual(member ? [c.w.clientA] : [])
      },
    }),
  ],
  copySharedGroup: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => sharing.copySharedGroup(db, c.actor, { groupId: c.w.clientA }),
      {
        // The copy is the actor's, made of the actor's own entries.
        check: async (c, result) => {
          const groupId =
            result && typeof result === 'object' && 'groupId' in result
              ? String(result.groupId)
              : ''
          const actorId = c.actor?.id ?? ''
          expect(await ownerOfGroup(groupId)).toBe(actorId)
          expect(await entryOwnersIn(groupId)).toEqual([actorId])
        },
      },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => sharing.copySharedGroup(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  transferOwnership: [
    gated('Client A → the editor', [N, N, N, N, Y, N, N, N], async (c) =>
      sharing.transferOwnership(db, c.actor, {
        groupId: c.w.clientA,
        userId: c.w.actors.editor.id,
        version: await versionOf(c.w.clientA),
      }),
    ),
  ],
}

const growthRows: Record<keyof typeof growth, readonly Row[]> = {
  getChannelGrowth: [
    // A channel page opens for the entry's owner and for anyone who may view a group holding it.
    gated(
      "the owner's entry in Client A",
      [N, N, Y, Y, Y, N, N, N],
      (c) => growth.getChannelGrowth(db, c.actor, { entryId: c.w.entryA, range: 30 }),
      { outsider: 'ENTRY_NOT_FOUND' },
    ),
    gated(
      "the owner's entry in Client B",
      [N, N, N, N, Y, N, N, N],
      (c) => growth.getChannelGrowth(db, c.actor, { entryId: c.w.entryB, range: 30 }),
      { codes: ENTRY_GONE },
    ),
    gated(
      'own entry',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        growth.getChannelGrowth(db, c.actor, { entryId: c.w.own[c.persona].entryId, range: 7 }),
      { scoped: true },
    ),
  ],
  getGroupGrowth: [
    gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      growth.getGroupGrowth(db, c.actor, { groupId: c.w.clientA, range: 30 }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => growth.getGroupGrowth(db, c.actor, { groupId: c.w.clientB, range: 365 }),
      { member: NF },
    ),
  ],
}

const MODULES = [
  { path: 'src/features/groups/groups.server', rows: groupRows },
  { path: 'src/features/library/library.server', rows: libraryRows },
  { path: 'src/features/transfer/export.server', rows: exportRows },
  { path: 'src/features/transfer/import.server', rows: importRows },
  { path: 'src/features/overview/overview.server', rows: overviewRows },
  { path: 'src/features/growth/growth.server', rows: growthRows },
  { path: 'src/features/sharing/sharing.server', rows: sharingRows },
  { path: 'src/features/feed/feed.server', rows: feedRows },
  { path: 'src/features/transfer/youtube-connect.server', rows: youtubeConnectRows },
] as const

/* Running a cell */

type Outcome =
  | { kind: 'allow'; result: unknown }
  | { kind: 'deny'; code: ErrorCode }
  | { kind: 'crash'; message: string }

async function attempt(promise: Promise<unknown>): Promise<Outcome> {
  try {
    return { kind: 'allow', result: await promise }
  } catch (error) {
    if (error instanceof AppError) return { kind: 'deny', code: error.code }
    return { kind: 'crash', message: error instanceof Error ? error.message : String(error) }
  }
}

function summarize(outcome: Outcome): string {
  if (outcome.kind === 'allow') return 'allowed'
  if (outcome.kind === 'deny') return `refused ${outcome.code}`
  return `crashed: ${outcome.message}`
}

function listOf(codes: Codes): readonly ErrorCode[] {
  return typeof codes === 'string' ? [codes] : codes
}

function expectedCodes(row: Row, persona: Persona): readonly ErrorCode[] {
  const own = row.codes?.[persona]
  if (own) return listOf(own)
  if (persona === 'anonymous') return row.open ? listOf(row.outsider ?? NF) : ['UNAUTHENTICATED']
  if (persona === 'viewer' || persona === 'editor') return listOf(row.member ?? FORBIDDEN)
  if (persona === 'owner') return [FORBIDDEN]
  return listOf(row.outsider ?? NF)
}

type Mismatch = {
  row: string
  persona: Persona
  kind:
    | 'unexpected allow'
    | 'unexpected deny'
    | 'wrong code'
    | 'crash'
    | 'wrote while refusing'
    | 'leak'
    | 'check'
  detail: string
}
const mismatches: Mismatch[] = []
let cellsRun = 0

/** Strings an allowed answer must not contain, for this persona and row. */
function forbiddenIn(row: Row, w: World, persona: Persona): Secrets {
  if (persona === 'owner') return {}
  const hidden = { ...w.ownerOnly }
  if (row.scoped || (OUTSIDERS.has(persona) && !row.grants)) {
    Object.assign(hidden, w.membersOnlyIds)
    if (!row.face) Object.assign(hidden, w.membersOnlyFace)
  }
  return hidden
}

/**
 * Runs one cell and records what differs from the table. `print` is the
 * world's fingerprint when known (after the previous refusal); the answer is
 * the fingerprint after this cell when it is known to be unchanged since.
 */
async function runCell(
  row: Row,
  label: string,
  w: World,
  persona: Persona,
  expected: Cell,
  print: string | null = null,
): Promise<string | null> {
  const actor = persona === 'anonymous' ? null : w.actors[persona]
  const base = { w, actor, persona }
  const prepared = row.prepare ? await row.prepare(base) : ''
  const before =
    expected === 'deny' ? (print !== null && !row.prepare ? print : await fingerprint(w)) : ''
  let outcome: Outcome
  if (row.open) {
    outcome = await attempt(row.run({ ...base, prepared }))
  } else if (persona === 'anonymous' || actor === null) {
    throw new Error('gated rows are not run anonymously')
  } else {
    outcome = await attempt(row.run({ w, actor, persona, prepared }))
  }
  cellsRun += 1
  const add = (kind: Mismatch['kind'], detail: string) =>
    mismatches.push({ row: label, persona, kind, detail })
  if (outcome.kind === 'crash') {
    add('crash', outcome.message)
    return null
  }
  if (expected === 'deny') {
    if (outcome.kind === 'allow') {
      add('unexpected allow', 'expected a refusal')
      return null
    }
    const codes = expectedCodes(row, persona)
    if (!codes.includes(outcome.code))
      add('wrong code', `${outcome.code}, expected ${codes.join(' or ')}`)
    const after = await fingerprint(w)
    if (after !== before) add('wrote while refusing', `refused ${outcome.code}`)
    return after
  }
  if (outcome.kind === 'deny') {
    add('unexpected deny', outcome.code)
    return null
  }
  const text = JSON.stringify(outcome.result) ?? ''
  const leaked = Object.entries(forbiddenIn(row, w, persona))
    .filter(([, secret]) => text.includes(secret))
    .map(([what]) => what)
  if (leaked.length > 0) add('leak', `answer names ${leaked.join(', ')}`)
  if (row.check) {
    try {
      await row.check({ ...base, prepared }, outcome.result)
    } catch (error) {
      add('check', error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))
    }
  }
  return null
}

/* The anonymous column of gated rows */

const serverFunctions = allServerFunctions()
/** Entry points proven to refuse a request without a session (filled by the first test). */
const refusesAnonymous = new Set<string>()

function entryPointsOf(row: Row, modulePath: string, name: string): readonly string[] | 'none' {
  if (row.via) return row.via
  return serverFunctions
    .filter((fn) => fn.calls.includes(`${modulePath}#${name}`))
    .map((fn) => `${fn.file}#${fn.name}`)
}

function checkAnonymous(row: Row, label: string, modulePath: string, name: string) {
  const add = (detail: string) =>
    mismatches.push({ row: label, persona: 'anonymous', kind: 'unexpected allow', detail })
  const entries = entryPointsOf(row, modulePath, name)
  if (entries === 'none') return
  if (entries.length === 0) {
    add('no server function reaches this export: declare `via`')
    return
  }
  for (const entry of entries) {
    if (entry.startsWith('route:')) {
      if (!refusesAnonymous.has(entry)) add(`${entry} was not seen refusing an anonymous request`)
      continue
    }
    const fn = serverFunctions.find((candidate) => `${candidate.file}#${candidate.name}` === entry)
    if (!fn) add(`${entry} does not exist`)
    else if (fn.gate !== 'signedIn') add(`${entry} is gated by ${fn.gate}`)
    else if (!refusesAnonymous.has('signedIn')) add('signedIn was not seen refusing a request')
  }
}

/** Runs `body` inside a real Start request scope, as a server function's middleware runs. */
async function inRequest(request: Request, body: () => Promise<Response>): Promise<Response> {
  return createServerEntry({ fetch: body }).fetch(request, {})
}

const BASE = process.env.BASE_URL ?? 'http://localhost:3000'

/** A real session cookie for a new user, from Better Auth's sign-in endpoint. */
async function sessionCookie(): Promise<{ cookie: string; userId: string }> {
  const auth = await getAuth()
  const person = await createUser(auth)
  const response = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ email: person.email, password: person.password }),
    }),
  )
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith('better-auth.session_token='))
    ?.split(';')[0]
  if (!cookie) throw new Error(`sign-in answered ${response.status} without a session`)
  return { cookie, userId: person.id }
}

/**
 * The gate for real: the signedIn middleware's server part, called as Start
 * calls it, in a request scope without a cookie and with a live session
 * (and maybeSignedIn, which passes a null actor on), and the export route
 * without a session.
 */
async function probeAnonymous() {
  const call = (middleware: unknown, next: (options?: { context?: unknown }) => Promise<unknown>) =>
    // Through Reflect: the middleware's generic `next` type cannot be written by hand.
    Reflect.apply(typeof middleware === 'function' ? middleware : () => undefined, undefined, [
      {
        next,
        context: {},
        data: undefined,
        method: 'POST',
        serverFnMeta: { id: 'probe', name: 'probe', filename: 'probe' },
        signal: new AbortController().signal,
      },
    ])
  const request = (headers: Record<string, string> = {}) =>
    new Request(`${BASE}/_serverFn/probe`, { headers })
  let anonymous: Outcome = { kind: 'crash', message: 'not run' }
  let maybe: unknown = 'not run'
  await inRequest(request(), async () => {
    anonymous = await attempt(
      Promise.resolve(
        call(signedIn.options.server, async () => {
          throw new Error('signedIn let an anonymous request through')
        }),
      ),
    )
    await call(maybeSignedIn.options.server, async (options) => {
      maybe = options?.context
      return {}
    })
    return new Response(null, { status: 204 })
  })
  const session = await sessionCookie()
  let signedInActor: unknown = 'not run'
  await inRequest(request({ cookie: session.cookie }), async () => {
    await call(signedIn.options.server, async (options) => {
      const context = options?.context
      signedInActor =
        context && typeof context === 'object' && 'actor' in context ? context.actor : null
      return {}
    })
    return new Response(null, { status: 204 })
  })
  const refusal = summarize(anonymous)
  const lets =
    signedInActor !== null &&
    typeof signedInActor === 'object' &&
    'id' in signedInActor &&
    signedInActor.id === session.userId
  if (refusal === 'refused UNAUTHENTICATED' && lets) refusesAnonymous.add('signedIn')

  const handlers = exportRoute.options.server?.handlers
  const get = typeof handlers === 'function' ? undefined : handlers?.GET
  if (typeof get !== 'function') throw new Error('the export route lost its GET handler')
  const download = new Request(`${BASE}/api/export?format=opml`)
  const response = await inRequest(download, async () => {
    const answer = await get({
      request: download,
      params: {},
      context: { nonce: 'probe', requestId: 'probe' },
      pathname: '/api/export',
      next: () => {
        throw new Error('no next')
      },
    })
    if (!(answer instanceof Response)) throw new Error('the export route answered no Response')
    return answer
  })
  if (response.status === 401) refusesAnonymous.add(EXPORT_ROUTE)
  return {
    anonymous: refusal,
    signedInLetsTheSessionThrough: lets,
    maybeSignedIn: maybe,
    exportRoute: response.status,
  }
}

/* The tests */

describe('sharing authorization matrix', () => {
  let probe: Awaited<ReturnType<typeof probeAnonymous>> | undefined
  beforeAll(async () => {
    probe = await probeAnonymous()
  })

  it('refuses a request without a session at the signedIn middleware and the export route', () => {
    expect(probe).toEqual({
      anonymous: 'refused UNAUTHENTICATED',
      signedInLetsTheSessionThrough: true,
      maybeSignedIn: { actor: null },
      exportRoute: 401,
    })
  })

  for (const module of MODULES) {
    for (const [name, entry] of Object.entries(module.rows)) {
      if (!Array.isArray(entry)) continue
      for (const row of entry) {
        const label = `${name} · ${row.what}`
        it(label, async () => {
          const before = mismatches.length
          if (!row.open) {
            expect(row.cells[0], 'a gated row cannot allow anonymous callers').toBe(N)
            checkAnonymous(row, label, module.path, name)
          }
          const order = PERSONAS.map((persona, index) => ({
            persona,
            expected: row.cells[index] ?? N,
          })).filter(({ persona }) => row.open || persona !== 'anonymous')
          const world = await makeWorld(row.needs)
          // Refusals first, all in one world: they must leave it untouched.
          let print: string | null = null
          for (const { persona, expected } of order.filter((cell) => cell.expected === N)) {
            print = await runCell(row, label, world, persona, expected, print)
          }
          for (const { persona, expected } of order.filter((cell) => cell.expected === Y)) {
            await runCell(
              row,
              label,
              row.isolate ? await makeWorld(row.needs) : world,
              persona,
              expected,
            )
          }
          expect(mismatches.slice(before)).toEqual([])
        })
      }
    }
  }

  it('has a row for every export and zero unexpected allows', () => {
    for (const module of MODULES) {
      for (const [name, entry] of Object.entries(module.rows)) {
        if (Array.isArray(entry)) expect(entry.length, `${name} has no row`).toBeGreaterThan(0)
      }
    }
    const count = (kind: Mismatch['kind']) => mismatches.filter((m) => m.kind === kind).length
    const summary = {
      worlds,
      cells: cellsRun,
      worldSeconds: Math.round(timing.worldMs / 100) / 10,
      fingerprintSeconds: Math.round(timing.fingerprintMs / 100) / 10,
      unexpectedAllows: count('unexpected allow'),
      unexpectedDenies: count('unexpected deny'),
      wrongCodes: count('wrong code'),
      wroteWhileRefusing: count('wrote while refusing'),
      leaks: count('leak'),
      failedChecks: count('check'),
      crashes: count('crash'),
    }
    process.stdout.write(`authorization matrix: ${JSON.stringify(summary)}\n`)
    for (const m of mismatches) {
      process.stdout.write(`  ${m.kind}: ${m.row} × ${m.persona}: ${m.detail}\n`)
    }
    expect(summary.unexpectedAllows).toBe(0)
    expect(mismatches).toEqual([])
  })
})
