import { eq } from 'drizzle-orm'
import type { Database } from '../../../src/db/client.server'
import { groupNameKey } from '../../../src/db/name-key'
import { group, groupItem, libraryEntry, shareLink, user } from '../../../src/db/schema'
import { cancelInvitation, inviteMember } from '../../../src/features/sharing/invitations.server'
import { removeMember } from '../../../src/features/sharing/members.server'
import {
  createShareLink,
  joinShareLink,
  revokeShareLink,
} from '../../../src/features/sharing/share-links.server'
import { previewImportText } from '../../../src/features/transfer/import-preview.server'
import type { ErrorCode } from '../../../src/lib/app-error'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  seededRandom,
  upsertCatalogue,
} from '../../../src/seed/factories/organiser.server'
import type { Actor } from '../../../src/server/auth/signed-in.middleware'
import { getDb } from '../../../src/server/database.server'
import { mailsTo } from '../outbox-mail'
import { secretOf } from '../sharing-world'
import { attempt, summarize } from './outcome'
import { SIGNED_IN, type SignedInPersona } from './personas'
import { stats, timed } from './stats'

/*
 * The one world of the authorization matrix, made afresh for every row:
 * owner Alice with "Clients" > "Client A" > A1, A2 and "Clients" > "Client B",
 * everyone's own "Mine", and the grants made through the real sharing
 * functions (a view and an edit link, two joiners each, one member removed,
 * a revoked and an expired link that their holders failed to join).
 */

export type Own = { groupId: string; entryId: string }
export type Invitations = { id: string; token: string; cancelledToken: string }
export type Need = 'invitations' | 'aliceImport'
/** Values an answer must not contain, by what they are (for the report). */
export type Secrets = Record<string, string>
export type World = {
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
  /** Each link's URL secret (what previews and joins take). */
  links: { view: string; edit: string; revoked: string; expired: string }
  /** The view link's row id (what revoking takes). */
  viewLinkId: string
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

async function mailedToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).at(-1)
  const token = mail?.text.match(/\/invitations\/([A-Za-z0-9_-]{43})\//)?.[1]
  if (!token) throw new Error(`no invitation mailed to ${email}`)
  return token
}

/** A pending invitation to `email` and a cancelled one to `cancelledEmail`, with their tokens. */
async function invitationsOf(
  db: Database,
  alice: Actor,
  groupId: string,
  email: string,
  cancelledEmail: string,
): Promise<Invitations> {
  const pending = await inviteMember(db, alice, { groupId, email, role: 'editor' })
  const token = await mailedToken(email)
  const cancelled = await inviteMember(db, alice, {
    groupId,
    email: cancelledEmail,
    role: 'viewer',
  })
  const cancelledToken = await mailedToken(cancelledEmail)
  await cancelInvitation(db, alice, { invitationId: cancelled.id })
  return { id: pending.id, token, cancelledToken }
}

export function invitationsIn(w: World): Invitations {
  if (!w.invitation) throw new Error("the row needs `needs: ['invitations']`")
  return w.invitation
}

export function aliceImportIn(w: World): string {
  if (!w.aliceImport) throw new Error("the row needs `needs: ['aliceImport']`")
  return w.aliceImport
}

async function refusedWith(promise: Promise<unknown>, code: ErrorCode) {
  const outcome = await attempt(promise)
  if (outcome.kind !== 'deny' || outcome.code !== code) {
    throw new Error(`world set-up: expected ${code}, got ${summarize(outcome)}`)
  }
}

/** A fresh world; `needs` adds the costly parts only some rows use. */
export function makeWorld(needs: readonly Need[] = []): Promise<World> {
  return timed('worldMs', () => buildWorld(needs))
}

async function buildWorld(needs: readonly Need[]): Promise<World> {
  const db = await getDb()
  stats.worlds += 1
  const nonce = `${stats.worlds}${crypto.randomUUID().slice(0, 6)}`
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
  const view = await createShareLink(db, alice, {
    groupId: clientA,
    permission: 'view',
    expiresInDays: 0,
  })
  const edit = await createShareLink(db, alice, {
    groupId: clientA,
    permission: 'edit',
    expiresInDays: 0,
  })
  await joinShareLink(db, actors.viewer, { linkId: secretOf(view), permission: 'view' })
  await joinShareLink(db, olga, { linkId: secretOf(view), permission: 'view' })
  await joinShareLink(db, actors.editor, { linkId: secretOf(edit), permission: 'edit' })
  await joinShareLink(db, actors.removed, { linkId: secretOf(edit), permission: 'edit' })
  await removeMember(db, alice, { groupId: clientA, userId: actors.removed.id })
  const revoked = await createShareLink(db, alice, {
    groupId: clientA,
    permission: 'edit',
    expiresInDays: 0,
  })
  await revokeShareLink(db, alice, { linkId: revoked.id })
  await refusedWith(
    joinShareLink(db, actors.revokedLink, { linkId: secretOf(revoked), permission: 'edit' }),
    'SHARE_LINK_UNAVAILABLE',
  )
  const expired = await createShareLink(db, alice, {
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
    joinShareLink(db, actors.expiredLink, { linkId: secretOf(expired), permission: 'view' }),
    'SHARE_LINK_UNAVAILABLE',
  )

  // Only the rows about invitations and imports pay for them.
  const invitation = needs.includes('invitations')
    ? await invitationsOf(db, alice, clientA, emails.stranger, `carol.${nonce}@example.test`)
    : null
  const aliceImport = needs.includes('aliceImport')
    ? (
        await previewImportText(db, alice, {
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
    links: {
      view: secretOf(view),
      edit: secretOf(edit),
      revoked: secretOf(revoked),
      expired: secretOf(expired),
    },
    viewLinkId: view.id,
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
