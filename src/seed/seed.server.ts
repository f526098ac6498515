import { count, eq, sql } from 'drizzle-orm'
import { DEMO_ACCOUNT, DEMO_TEAMMATE } from '~/config/demo-account'
import { startTrial } from '~/features/billing/subscription.server'
import type { Auth } from '~/server/auth/auth.server'
import type { Database } from '../db/client.server'
import { account, group, groupActivity, groupMember, libraryEntry, user } from '../db/schema'
import {
  DEMO_ANIMES,
  DEMO_CHANNELS,
  type DemoAnime,
  type DemoChannel,
} from './factories/catalogue-fixtures'
import { insertChannelHistories } from './factories/channel-stats.server'
import {
  addToLibrary,
  type CatalogueAnime,
  type CatalogueChannel,
  createTree,
  type TreeSpec,
  upsertCatalogue,
} from './factories/organiser.server'
import { demoVideos, insertVideos } from './factories/videos.server'

const handles = (...names: string[]) =>
  names.map((name) => {
    const found = DEMO_CHANNELS.find((row) => row.handle === name)
    if (!found) throw new Error(`demo channel @${name} is not in the fixtures`)
    return found.id
  })

const animes = (...slugs: string[]) =>
  slugs.map((slug) => {
    const found = DEMO_ANIMES.find((row) => row.slug === slug)
    if (!found) throw new Error(`demo anime ${slug} is not in the fixtures`)
    return found.id
  })

/** A realistic three-level tree; two channels stay ungrouped, one sits in two groups. */
const DEMO_TREE: TreeSpec[] = [
  {
    name: 'Tech',
    icon: 'lucide:cpu',
    color: 'blue',
    description: 'Gadgets, reviews and programming.',
    children: [
      {
        name: 'Reviews',
        icon: 'lucide:star',
        color: 'amber',
        children: [
          {
            name: 'Phones',
            icon: 'lucide:smartphone',
            color: 'teal',
            items: handles('mkbhd', 'Mrwhosetheboss', 'JerryRigEverything', 'unboxtherapy'),
          },
          {
            name: 'Laptops',
            icon: 'lucide:laptop',
            color: 'indigo',
            items: handles('Dave2D', 'austinevans', 'LinusTechTips'),
          },
        ],
      },
      {
        name: 'Programming',
        icon: 'lucide:code',
        color: 'green',
        children: [
          {
            name: 'Web',
            icon: 'lucide:globe',
            color: 'blue',
            items: handles('Fireship', 'TraversyMedia', 'freecodecamp', 'ThePrimeagen'),
          },
          {
            name: 'Low level',
            icon: 'lucide:microchip',
            color: 'slate',
            items: handles('BenEater', 'Computerphile'),
          },
        ],
      },
    ],
  },
  {
    name: 'Science',
    icon: 'lucide:atom',
    color: 'purple',
    children: [
      {
        name: 'Physics',
        icon: 'lucide:orbit',
        color: 'indigo',
        items: handles('veritasium', 'minutephysics', 'pbsspacetime', 'physicsgirl', 'scottmanley'),
      },
      {
        name: 'Maths',
        icon: 'lucide:sigma',
        color: 'teal',
        items: handles('3blue1brown', 'numberphile', 'standupmaths'),
      },
      {
        name: 'Explainers',
        icon: 'lucide:lightbulb',
        color: 'amber',
        items: handles(
          'kurzgesagt',
          'CGPGrey',
          'TomScottGo',
          'Wendoverproductions',
          'RealEngineering',
          'smartereveryday',
          'MarkRober',
          'Computerphile',
        ),
      },
    ],
  },
  {
    name: 'Cooking',
    icon: 'emoji:🍳',
    color: 'orange',
    items: handles('babishculinaryuniverse', 'JoshuaWeissman', 'aragusea', 'EthanChlebowski'),
    children: [
      { name: 'Quick meals', icon: 'lucide:timer', color: 'red', items: handles('buzzfeedtasty') },
    ],
  },
  {
    name: 'Music',
    icon: 'emoji:🎵',
    color: 'pink',
    items: handles('RickBeato', 'AdamNeely', 'LofiGirl', 'nprmusic'),
  },
  {
    name: 'Anime',
    icon: 'lucide:tv',
    color: 'red',
    items: animes(...DEMO_ANIMES.map((row) => row.slug)),
    children: [
      {
        name: 'Watching now',
        icon: 'emoji:🔥',
        color: 'orange',
        items: animes('jujutsu-kaisen', 'solo-leveling', 'chainsaw-man', 'one-piece'),
      },
    ],
  },
]
const DEMO_UNGROUPED = handles('TED', 'Vox')
const DEMO_HISTORY_DAYS = 120

/** The teammate's agency tree: "Client A" is shared with the demo account, "Client B" is not. */
const TEAMMATE_TREE: TreeSpec[] = [
  {
    name: 'Studio clients',
    icon: 'lucide:briefcase',
    color: 'indigo',
    children: [
      {
        name: 'Client A',
        icon: 'lucide:building-2',
        color: 'teal',
        description: 'Channels we manage for Client A.',
        items: handles('MarkRober', 'smartereveryday', 'veritasium'),
        children: [
          { name: 'Shorts team', icon: 'lucide:zap', color: 'amber', items: handles('MrBeast') },
        ],
      },
      {
        name: 'Client B',
        icon: 'lucide:building',
        color: 'red',
        items: handles('LinusTechTips', 'mkbhd'),
      },
    ],
  },
]

function toChannel(row: DemoChannel): CatalogueChannel {
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    avatarUrl: row.avatarUrl,
    subscriberCount: row.subscriberCount,
    viewCount: row.viewCount,
    videoCount: row.videoCount,
    hiddenSubscriberCount: row.hiddenSubscriberCount,
    country: row.country,
  }
}

function toAnime(row: DemoAnime): CatalogueAnime {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    posterUrl: row.posterUrl,
    anilistId: row.anilistId,
    episodes: row.episodes,
    year: row.year,
    genres: row.genres,
    score: row.averageScore,
    status: row.status,
    nextEpisode: row.nextAiringEpisode?.episode ?? null,
    nextAiringAt: row.nextAiringEpisode ? new Date(row.nextAiringEpisode.airingAt * 1000) : null,
  }
}

function treeSources(specs: TreeSpec[]): string[] {
  return specs.flatMap((spec) => [...(spec.items ?? []), ...treeSources(spec.children ?? [])])
}

/** A library and tree from the stored catalogue metadata, so it works with no network at all. */
async function seedLibrary(db: Database, userId: string, tree: TreeSpec[], ungrouped: string[]) {
  const sources = new Set([...treeSources(tree), ...ungrouped])
  const channels = DEMO_CHANNELS.filter((row) => sources.has(row.id))
  const animeRows = DEMO_ANIMES.filter((row) => sources.has(row.id))
  return db.transaction(async (tx) => {
    await upsertCatalogue(tx, { channels: channels.map(toChannel), animes: animeRows.map(toAnime) })
    // Demo uploads; channel_feed stays empty, so the first look at a feed still asks YouTube.
    await insertVideos(tx, demoVideos(channels))
    // ~4 months of daily snapshots ending today, so the Growth charts work offline.
    await insertChannelHistories(tx, channels, {
      days: DEMO_HISTORY_DAYS,
      endDay: new Date().toISOString().slice(0, 10),
    })
    const entries = await addToLibrary(tx, userId, {
      channelIds: channels.map((row) => row.id),
      animeIds: animeRows.map((row) => row.id),
    })
    return createTree(tx, userId, tree, entries)
  })
}

export function seedDemoLibrary(db: Database, userId: string) {
  return seedLibrary(db, userId, DEMO_TREE, DEMO_UNGROUPED)
}

const SEED_LOCK = sql`select pg_advisory_xact_lock(hashtextextended('tubefold:demo-seed', 0))`

type Person = { name: string; email: string; password: string }
type AuthContext = Awaited<Auth['$context']>

// Written here, not through Better Auth, so it runs inside the seed's transaction.
async function ensurePerson(tx: Database, ctx: AuthContext, person: Person) {
  const email = person.email.toLowerCase()
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email))
  if (found) return { id: found.id, created: false }
  const id = ctx.generateId({ model: 'user' }) || crypto.randomUUID()
  await tx.insert(user).values({ id, name: person.name, email, emailVerified: true })
  // As a sign-up would: the demo shows the trial and its banner.
  await startTrial(tx, id)
  await tx.insert(account).values({
    id: ctx.generateId({ model: 'account' }) || crypto.randomUUID(),
    providerId: 'credential',
    accountId: id,
    userId: id,
    password: await ctx.password.hash(person.password),
  })
  return { id, created: true }
}

async function groupPaths(tx: Database, ownerId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: group.id, parentId: group.parentId, name: group.name })
    .from(group)
    .where(eq(group.ownerId, ownerId))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const pathOf = (id: string, depth = 0): string => {
    const row = byId.get(id)
    if (!row || depth > 50) return ''
    return row.parentId ? `${pathOf(row.parentId, depth + 1)}/${row.name}` : row.name
  }
  return new Map(rows.map((row) => [pathOf(row.id), row.id]))
}

// A minute apart in tree order, so the overview's activity tells the story a real account would.
async function recordCreation(
  tx: Database,
  owner: Person & { id: string },
  groups: Map<string, string>,
) {
  const paths = [...groups.keys()]
  const start = Date.now() - paths.length * 60_000
  await tx.insert(groupActivity).values(
    paths.map((path, index) => {
      const names = path.split('/')
      return {
        ownerId: owner.id,
        groupId: groups.get(path) ?? null,
        actorId: owner.id,
        actorName: owner.name,
        action: 'group.created' as const,
        details: { name: names.at(-1) ?? path, parent: names.at(-2) ?? null },
        createdAt: new Date(start + index * 60_000),
      }
    }),
  )
}

async function ensureLibrary(
  tx: Database,
  owner: Person & { id: string },
  tree: TreeSpec[],
  ungrouped: string[],
) {
  const [entries] = await tx
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, owner.id))
  if ((entries?.value ?? 0) > 0) return { groups: await groupPaths(tx, owner.id), created: false }
  const groups = await seedLibrary(tx, owner.id, tree, ungrouped)
  await recordCreation(tx, owner, groups)
  return { groups, created: true }
}

/**
 * Creates what is missing of the demo and touches nothing that is there. One transaction
 * under an advisory lock, so instances starting together seed it once; true if anything was created.
 */
export async function seedDemo(db: Database, auth: Auth): Promise<boolean> {
  const ctx = await auth.$context
  return db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK)
    const demo = await ensurePerson(tx, ctx, DEMO_ACCOUNT)
    const demoLibrary = await ensureLibrary(
      tx,
      { ...DEMO_ACCOUNT, id: demo.id },
      DEMO_TREE,
      DEMO_UNGROUPED,
    )
    const teammate = await ensurePerson(tx, ctx, DEMO_TEAMMATE)
    const teammateLibrary = await ensureLibrary(
      tx,
      { ...DEMO_TEAMMATE, id: teammate.id },
      TEAMMATE_TREE,
      [],
    )
    const clientA = teammateLibrary.groups.get('Studio clients/Client A')
    const science = demoLibrary.groups.get('Science')
    // A share is given with the groups it joins; one the demo user later left stays left.
    const anyNew = demoLibrary.created || teammateLibrary.created
    if (anyNew && clientA && science) {
      await tx
        .insert(groupMember)
        .values([
          { groupId: clientA, userId: demo.id, role: 'editor' },
          { groupId: science, userId: teammate.id, role: 'viewer' },
        ])
        .onConflictDoNothing()
    } else if (anyNew) {
      throw new Error('demo: shared groups missing')
    }
    return demo.created || teammate.created || anyNew
  })
}
