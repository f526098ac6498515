import { and, asc, eq } from 'drizzle-orm'
import {
  type ActivityAction,
  group,
  groupActivity,
  groupItem,
  groupMember,
  libraryEntry,
  shareLink,
} from '../../src/db/schema'
import { inviteMember } from '../../src/features/sharing/invitations.server'
import { createShareLink } from '../../src/features/sharing/share-links.server'
import type { SharePermission } from '../../src/features/sharing/sharing.schemas'
import {
  addToLibrary,
  createTree,
  upsertCatalogue,
} from '../../src/seed/factories/organiser.server'
import { createActor } from '../../src/seed/factories/users.server'
import type { Actor } from '../../src/server/auth/signed-in.middleware'
import { getDb } from '../../src/server/database.server'
import { mailsTo } from './outbox-mail'

/*
 * The world of the sharing integration tests: an owner's tree with a
 * shared subtree, the people around it, and reads of what sharing changed.
 * Rows are written by the factories; links and invitations go through the
 * real sharing functions.
 */

export type Person = Actor & { email: string }
export type SharingWorld = Awaited<ReturnType<typeof world>>

let catalogueSeq = 0
function uniqueId(prefix: string): string {
  catalogueSeq += 1
  return `${prefix}${String(catalogueSeq).padStart(6, '0')}${crypto.randomUUID().slice(0, 8)}`
}

/**
 * Alice's tree: Client A (3 channels, 1 anime directly) > Videos > Shorts,
 * Client A > Research, and Client B beside it.
 */
export async function world(options: { ownerLocale?: 'en' | 'pt' | 'es' } = {}) {
  const db = await getDb()
  const alice = await createActor(db, 'Alice', { locale: options.ownerLocale })
  const channels = Array.from({ length: 5 }, (_, at) => ({
    id: uniqueId('UC'),
    title: `Channel ${at + 1}`,
    avatarUrl: `https://img.example.test/c${at + 1}.jpg`,
  }))
  const show = { id: uniqueId('G'), slug: 'show', title: 'The Show', posterUrl: null }
  await upsertCatalogue(db, { channels, animes: [show] })
  const c = channels.map((row) => row.id)
  const [c1 = '', c2 = '', c3 = '', c4 = '', c5 = ''] = c
  const entries = await addToLibrary(db, alice.id, { channelIds: c, animeIds: [show.id] })
  await db
    .update(libraryEntry)
    .set({ alias: 'My favourite' })
    .where(eq(libraryEntry.id, entries.get(c2) ?? ''))
  const ids = await createTree(
    db,
    alice.id,
    [
      {
        name: 'Client A',
        icon: 'lucide:briefcase',
        color: 'blue',
        description: 'The main client',
        items: [c1, c2, show.id],
        children: [
          {
            name: 'Videos',
            icon: 'emoji:🎬',
            color: 'red',
            items: [c3],
            children: [{ name: 'Shorts', items: [c4, c1] }],
          },
          { name: 'Research', icon: 'lucide:flask-conical' },
        ],
      },
      { name: 'Client B', items: [c5] },
    ],
    entries,
  )
  const path = (name: string) => {
    const id = ids.get(name)
    if (!id) throw new Error(`no group ${name}`)
    return id
  }
  return {
    alice,
    clientA: path('Client A'),
    videos: path('Client A/Videos'),
    shorts: path('Client A/Videos/Shorts'),
    research: path('Client A/Research'),
    clientB: path('Client B'),
    channels: { c1, c2, c3, c4, c5 },
    anime: show.id,
  }
}

/** Gives a user a role on a group directly (a fixture, not a join). */
export async function grant(groupId: string, member: Actor, role: 'viewer' | 'editor') {
  const db = await getDb()
  await db.insert(groupMember).values({ groupId, userId: member.id, role })
}

/** A new person holding `role` on a group directly: what most member tests start from. */
export async function newMember(groupId: string, name: string, role: 'viewer' | 'editor') {
  const person = await createActor(await getDb(), name)
  await grant(groupId, person, role)
  return person
}

/** An editor and a viewer of Client A, and a stranger who holds no role. */
export async function personas(w: SharingWorld) {
  const db = await getDb()
  const editor = await createActor(db, 'Eddie')
  await grant(w.clientA, editor, 'editor')
  const viewer = await createActor(db, 'Vera')
  await grant(w.clientA, viewer, 'viewer')
  const stranger = await createActor(db, 'Sam')
  return { editor, viewer, stranger }
}

export async function grantsOf(userId: string) {
  const db = await getDb()
  return db
    .select({ groupId: groupMember.groupId, role: groupMember.role, version: groupMember.version })
    .from(groupMember)
    .where(eq(groupMember.userId, userId))
}

export async function makeLink(
  owner: Actor,
  groupId: string,
  permission: SharePermission,
  expiresInDays: 0 | 1 | 7 | 30 = 0,
) {
  const link = await createShareLink(await getDb(), owner, { groupId, permission, expiresInDays })
  return { ...link, token: secretOf(link) }
}

/** A link's URL secret, which its owner always gets back for a link made now. */
export function secretOf(link: { token: string | null }): string {
  if (typeof link.token !== 'string') throw new Error('the owner got no secret back for a new link')
  return link.token
}

export async function linkRow(id: string) {
  const db = await getDb()
  const [row] = await db.select().from(shareLink).where(eq(shareLink.id, id))
  if (!row) throw new Error(`link ${id} is gone`)
  return row
}

function tokenIn(text: string): string {
  const token = text.match(/\/invitations\/([A-Za-z0-9_-]{43})\//)?.[1]
  if (!token) throw new Error(`no invitation link in: ${text}`)
  return token
}

/** Invites through the real function; the token is read back from the mail. */
export async function invite(
  owner: Person,
  groupId: string,
  email: string,
  role: 'viewer' | 'editor',
) {
  const dto = await inviteMember(await getDb(), owner, { groupId, email, role })
  const [mail] = (await mailsTo(email)).slice(-1)
  if (!mail) throw new Error(`no mail to ${email}`)
  return { dto, token: tokenIn(mail.text), mail }
}

export async function activities(ownerId: string, action: ActivityAction) {
  const db = await getDb()
  return db
    .select()
    .from(groupActivity)
    .where(and(eq(groupActivity.ownerId, ownerId), eq(groupActivity.action, action)))
}

/* Reading a subtree back (copies and transfers) */

export type TreeShape = {
  name: string
  description: string
  icon: string | null
  color: string | null
  items: string[]
  children: TreeShape[]
}

/** A subtree as names, looks and catalogue ids in order, plus whose entries the items are. */
export async function shapeOf(rootId: string): Promise<{ tree: TreeShape; owners: Set<string> }> {
  const db = await getDb()
  const owners = new Set<string>()
  const read = async (id: string): Promise<TreeShape> => {
    const [row] = await db.select().from(group).where(eq(group.id, id))
    if (!row) throw new Error(`no group ${id}`)
    owners.add(row.ownerId)
    const items = await db
      .select({
        channelId: libraryEntry.channelId,
        animeId: libraryEntry.animeId,
        userId: libraryEntry.userId,
      })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(eq(groupItem.groupId, id))
      .orderBy(asc(groupItem.position))
    for (const item of items) owners.add(`entry:${item.userId}`)
    const children = await db
      .select({ id: group.id, position: group.position })
      .from(group)
      .where(eq(group.parentId, id))
    children.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))
    return {
      name: row.name,
      description: row.description,
      icon: row.icon,
      color: row.color,
      items: items.map((item) => item.channelId ?? item.animeId ?? ''),
      children: await Promise.all(children.map((child) => read(child.id))),
    }
  }
  return { tree: await read(rootId), owners }
}

export async function topLevelNames(ownerId: string): Promise<string[]> {
  const db = await getDb()
  const rows = await db
    .select({ name: group.name, parentId: group.parentId })
    .from(group)
    .where(eq(group.ownerId, ownerId))
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => row.name)
    .sort()
}
