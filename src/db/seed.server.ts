import { count, eq } from 'drizzle-orm'
import { DEMO_ACCOUNT, DEMO_TEAMMATE } from '~/config/demo-account'
import type { Auth } from '~/server/auth/auth.server'
import type { Database } from './client.server'
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
  grantRole,
  type TreeSpec,
  upsertCatalogue,
} from './factories/organiser.server'
import { createUser } from './factories/users.server'
import { demoVideos, insertVideos } from './factories/videos.server'
import { libraryEntry, user } from './schema'

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
    // Demo uploads so the feeds work offline; channel_feed stays empty, so the first
    // look at a feed still asks YouTube (or the fakes) for the real thing.
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

/** The demo library; returns group ids by path ("Tech/Reviews"). */
export function seedDemoLibrary(db: Database, userId: string) {
  return seedLibrary(db, userId, DEMO_TREE, DEMO_UNGROUPED)
}

/**
 * Idempotent: the demo account is created once, with the same factories the
 * tests use; an existing demo account with an empty library gets the library.
 */
export async function seedDemo(db: Database, auth: Auth): Promise<boolean> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_ACCOUNT.email))
  if (existing) {
    const [entries] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, existing.id))
    if ((entries?.value ?? 0) > 0) return false
    await seedDemoLibrary(db, existing.id)
    return true
  }
  const created = await createUser(auth, { ...DEMO_ACCOUNT, verified: true })
  const demoGroups = await seedDemoLibrary(db, created.id)
  const teammate = await createUser(auth, { ...DEMO_TEAMMATE, verified: true })
  const teammateGroups = await seedLibrary(db, teammate.id, TEAMMATE_TREE, [])
  const clientA = teammateGroups.get('Studio clients/Client A')
  const science = demoGroups.get('Science')
  if (!clientA || !science) throw new Error('demo: shared groups missing')
  await grantRole(db, clientA, created.id, 'editor')
  await grantRole(db, science, teammate.id, 'viewer')
  return true
}
