// Plain data with no imports, so the app, the tests and plain `node scripts/…` can load it.
// Images are inline SVG data URIs: nothing is fetched from the internet.

export const DEMO_CATEGORIES = ['tech', 'science', 'cooking', 'music', 'gaming', 'culture'] as const
export type DemoCategory = (typeof DEMO_CATEGORIES)[number]

export type DemoChannel = {
  id: string
  /** Without the leading `@`. */
  handle: string
  title: string
  description: string
  category: DemoCategory
  subscriberCount: number
  viewCount: number
  videoCount: number
  hiddenSubscriberCount: boolean
  country: string | null
  avatarUrl: string
  /** Legacy `/user/<name>` address, when the channel has one. */
  username: string | null
  /** Legacy `/c/<name>` address, when the channel has one. */
  customName: string | null
}

export type AnimeStatus = 'FINISHED' | 'RELEASING' | 'NOT_YET_RELEASED' | 'CANCELLED' | 'HIATUS'

export type DemoAnime = {
  id: string
  slug: string
  anilistId: number
  title: string
  romajiTitle: string
  /** Plain text; paragraphs separated by a blank line. */
  description: string
  episodes: number | null
  year: number
  genres: string[]
  averageScore: number | null
  status: AnimeStatus
  /** `airingAt` in seconds since the epoch, as AniList sends it. */
  nextAiringEpisode: { episode: number; airingAt: number } | null
  posterUrl: string
}

const PALETTE = [
  '#dc2626',
  '#ea580c',
  '#d97706',
  '#16a34a',
  '#0d9488',
  '#0284c7',
  '#4f46e5',
  '#9333ea',
  '#db2777',
  '#475569',
]

function colourFor(seed: string): string {
  let hash = 0
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return PALETTE[hash % PALETTE.length] ?? '#475569'
}

function initials(title: string): string {
  const words = title.split(/[\s\-–:]+/u).filter((word) => /[\p{L}\p{Nd}]/u.test(word))
  const letters =
    words.length >= 2
      ? [...(words[0] ?? '')].slice(0, 1).concat([...(words[1] ?? '')].slice(0, 1))
      : [...(words[0] ?? '?')].slice(0, 2)
  return letters.join('').toUpperCase()
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

export function initialsAvatar(id: string, title: string): string {
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 88 88"><circle cx="44" cy="44" r="44" fill="${colourFor(id)}"/><text x="44" y="54" font-family="system-ui,sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials(title))}</text></svg>`,
  )
}

export function posterImage(id: string, title: string): string {
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300"><rect width="200" height="300" fill="${colourFor(id)}"/><text x="100" y="165" font-family="system-ui,sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials(title))}</text></svg>`,
  )
}

type ChannelRow = [
  id: string,
  handle: string,
  title: string,
  category: DemoCategory,
  subscribers: number,
  views: number,
  videos: number,
  country: string | null,
  description: string,
  legacy?: { username?: string; customName?: string },
]

const M = 1_000_000
const B = 1_000_000_000

// biome-ignore format: one channel per line reads as a table
const CHANNEL_ROWS: ChannelRow[] = [
  // Tech
  ['UCBJycsmduvYEL83R_U4JriQ', 'mkbhd', 'Marques Brownlee', 'tech', 19.9 * M, 4.6 * B, 1_750, 'US', 'Quality tech videos: phones, cars, cameras and everything in between.', { username: 'marquesbrownlee' }],
  ['UCXuqSBlHAE6Xw-yeJA0Tunw', 'LinusTechTips', 'Linus Tech Tips', 'tech', 16.1 * M, 8.1 * B, 7_100, 'CA', 'Tech reviews, PC builds and the occasional disaster.', { username: 'LinusTechTips', customName: 'LinusTechTips' }],
  ['UCsTcErHg8oDvUnTzoqsYeNw', 'unboxtherapy', 'Unbox Therapy', 'tech', 24.3 * M, 4.9 * B, 2_350, 'CA', 'Where products get naked.', { username: 'unboxtherapy' }],
  ['UCVYamHliCI9rw1tHR1xbkfw', 'Dave2D', 'Dave2D', 'tech', 3.9 * M, 0.8 * B, 700, 'US', 'Calm, clear reviews of laptops and gadgets.'],
  ['UCWFKCr40YwOZQx8FHU_ZqqQ', 'JerryRigEverything', 'JerryRigEverything', 'tech', 8.9 * M, 1.6 * B, 1_450, 'US', 'Durability tests and teardowns of the latest phones.'],
  ['UCXGgrKt94gR6lmN4aN3mYTg', 'austinevans', 'Austin Evans', 'tech', 5.4 * M, 1.5 * B, 1_600, 'US', 'Consoles, PCs and the strangest tech money can buy.'],
  ['UCey_c7U86mJGz1VJWH5CYPA', 'ijustine', 'iJustine', 'tech', 7.2 * M, 1.4 * B, 2_100, 'US', 'Unboxings, Apple gear and tech adventures.'],
  ['UCMiJRAwDNSNzuYeN2uWa0pA', 'Mrwhosetheboss', 'Mrwhosetheboss', 'tech', 19.8 * M, 4.1 * B, 1_500, 'GB', 'Smartphones and technology, explained with style.'],
  ['UCddiUEpeqJcYeBxX1IVBKvQ', 'TheVerge', 'The Verge', 'tech', 3.5 * M, 1.1 * B, 6_000, 'US', 'Technology, science, art and culture.'],
  ['UCsBjURrPoezykLs9EqgamOA', 'Fireship', 'Fireship', 'tech', 3.6 * M, 0.5 * B, 700, 'US', 'High-intensity code tutorials in 100 seconds.'],
  ['UC8ENHE5xdFSwx71u3fDH5Xw', 'ThePrimeagen', 'ThePrimeagen', 'tech', 0.5 * M, 0.05 * B, 250, 'US', 'Programming, Vim and strong opinions.'],
  ['UC29ju8bIPH5as8OGnQzwJyA', 'TraversyMedia', 'Traversy Media', 'tech', 2.3 * M, 0.2 * B, 1_100, 'US', 'Web development tutorials for every level.'],
  ['UC8butISFwT-Wl7EV0hUK0BQ', 'freecodecamp', 'freeCodeCamp.org', 'tech', 10.5 * M, 0.8 * B, 1_800, 'US', 'Learn to code for free: full courses on every topic.'],
  ['UCvjgXvBlbQiydffZU7m1_aw', 'TheCodingTrain', 'The Coding Train', 'tech', 1.7 * M, 0.13 * B, 1_200, 'US', 'Creative coding challenges with p5.js and friends.'],
  ['UCS0N5baNlQWJCUrhCEo8WlA', 'BenEater', 'Ben Eater', 'tech', 1.1 * M, 0.09 * B, 100, 'US', 'Building computers from scratch on breadboards.'],
  ['UCbfYPyITQ-7l4upoX8nvctg', 'TwoMinutePapers', 'Two Minute Papers', 'tech', 1.6 * M, 0.14 * B, 900, 'HU', 'What a time to be alive: AI research, explained.'],
  ['UC9-y-6csu5WGm29I7JiwpnA', 'Computerphile', 'Computerphile', 'tech', 2.4 * M, 0.3 * B, 800, 'GB', 'Videos all about computers and computer stuff.'],
  ['UCtxCXg-UvSnTKPOzLH4wJaQ', 'CodingTech', 'Coding Tech', 'tech', 0.8 * M, 0.04 * B, 700, null, 'Talks on programming from conferences around the world.'],
  // Science
  ['UCHnyfMqiRRG1u-2MsSQLbXA', 'veritasium', 'Veritasium', 'science', 17 * M, 2.9 * B, 400, 'US', 'An element of truth: videos about science, education and anything else.', { username: '1veritasium' }],
  ['UCsXVk37bltHxD1rDPwtNM8Q', 'kurzgesagt', 'Kurzgesagt – In a Nutshell', 'science', 23 * M, 2.8 * B, 220, 'DE', 'Science explained with optimistic nihilism and birds.', { username: 'Kurzgesagt' }],
  ['UCYO_jab_esuFRV4b17AJtAw', '3blue1brown', '3Blue1Brown', 'science', 6.6 * M, 0.6 * B, 150, 'US', 'Animated math, where the visuals come first.'],
  ['UC6nSFpj9HTCZ5t-N3Rm3-HA', 'Vsauce', 'Vsauce', 'science', 22 * M, 2.8 * B, 470, 'US', 'Our world is amazing. Questions about it, answered.', { username: 'Vsauce', customName: 'Vsauce' }],
  ['UC6107grRI4m0o2-emgoDnAA', 'smartereveryday', 'SmarterEveryDay', 'science', 11.5 * M, 1.6 * B, 370, 'US', 'Exploring the world using science, slowly.', { username: 'destinws2' }],
  ['UCoxcjq-8xIDTYp3uz647V5A', 'numberphile', 'Numberphile', 'science', 4.6 * M, 0.7 * B, 600, 'GB', 'Videos about numbers, it is that simple.', { username: 'numberphile' }],
  ['UCBa659QWEk1AI4Tg--mrJ2A', 'TomScottGo', 'Tom Scott', 'science', 6.4 * M, 1.9 * B, 800, 'GB', 'Amazing places, science and the things you did not know you wanted to know.', { username: 'enyay' }],
  ['UC2C_jShtL725hvbm1arSV9w', 'CGPGrey', 'CGP Grey', 'science', 6.9 * M, 0.9 * B, 160, 'US', 'Explainers on politics, geography, history and more.', { username: 'CGPGrey' }],
  ['UCY1kMZp36IQSyNx_9h4mpCg', 'MarkRober', 'Mark Rober', 'science', 60 * M, 10 * B, 140, 'US', 'Former NASA engineer building ridiculous things.'],
  ['UCxzC4EngIsMrPmbm6Nxvb-A', 'scottmanley', 'Scott Manley', 'science', 2.4 * M, 0.4 * B, 1_300, 'US', 'Fly safe: rockets, spaceflight and astronomy.'],
  ['UC7DdEm33SyaTDtWYGO2CwdA', 'physicsgirl', 'Physics Girl', 'science', 3.3 * M, 0.3 * B, 300, 'US', 'Physics videos that make the everyday extraordinary.'],
  ['UCUHW94eEFW7hkUMVaZz4eDg', 'minutephysics', 'minutephysics', 'science', 5.8 * M, 0.7 * B, 350, 'US', 'Simply put: cool physics and other sweet science.', { username: 'minutephysics' }],
  ['UCR1IuLEqb6UEA_zQ81kwXfg', 'RealEngineering', 'Real Engineering', 'science', 4.5 * M, 0.7 * B, 200, 'IE', 'The engineering behind the news.'],
  ['UC9RM-iSvTu1uPJb8X5yp3EQ', 'Wendoverproductions', 'Wendover Productions', 'science', 4.6 * M, 0.8 * B, 270, 'US', 'How the world works: logistics, travel and economics.'],
  ['UC7_gcs09iThXybpVgjHZ_7g', 'pbsspacetime', 'PBS Space Time', 'science', 3.3 * M, 0.3 * B, 300, 'US', 'The deep physics of the universe.'],
  ['UCZYTClx2T1of7BRZ86-8fow', 'SciShow', 'SciShow', 'science', 8 * M, 1.9 * B, 3_300, 'US', 'Science news and questions, answered every weekday.'],
  ['UCSju5G2aFaWMqn-_0YBtq5A', 'standupmaths', 'Stand-up Maths', 'science', 1.3 * M, 0.2 * B, 300, 'GB', 'Maths and comedy, mostly spreadsheets.'],
  ['UCEIwxahdLz7bap-VDs9h35A', 'SteveMould', 'Steve Mould', 'science', 3.2 * M, 0.4 * B, 300, 'GB', 'Science you can see, explained.'],
  ['UCFhXFikryT4aFcLkLw2LBLA', 'NileRed', 'NileRed', 'science', 7.8 * M, 0.8 * B, 200, 'CA', 'Chemistry experiments, from gloves to grape soda.'],
  ['UCAL3JXZSzSm8AlZyD3nQdBA', 'primitivetechnology9550', 'Primitive Technology', 'science', 11 * M, 1.2 * B, 100, 'AU', 'Building in the wild with primitive tools and materials.'],
  // Cooking
  ['UCJHA_jMfCvEnv-3kRjTCQXw', 'babishculinaryuniverse', 'Babish Culinary Universe', 'cooking', 10.3 * M, 2.2 * B, 600, 'US', 'Binging with Babish: recipes from film and television.', { username: 'bingingwithbabish' }],
  ['UCJFp8uSYCjXOMnkUyb3CQ3Q', 'buzzfeedtasty', 'Tasty', 'cooking', 21.3 * M, 6 * B, 3_600, 'US', 'Food that makes you hungry, in under a minute.', { username: 'buzzfeedtasty' }],
  ['UChBEbMKI1eCcejTtmI32UEw', 'JoshuaWeissman', 'Joshua Weissman', 'cooking', 9.4 * M, 1.6 * B, 600, 'US', 'Papa makes it better than takeout.'],
  ['UCIEv3lZ_tNXHzL3ox-_uUGQ', 'gordonramsay', 'Gordon Ramsay', 'cooking', 21 * M, 4.8 * B, 1_100, 'GB', 'Recipes, kitchen nightmares and ten-minute meals.', { username: 'GordonRamsay' }],
  ['UCbpMy0Fg74eXXkvxJrtEn3w', 'bonappetit', 'Bon Appétit', 'cooking', 6.6 * M, 1.9 * B, 2_000, 'US', 'Cooking videos from the Bon Appétit test kitchen.', { username: 'BonAppetitDotCom' }],
  ['UC9_p50tH3WmMslWRWKnM7dQ', 'aragusea', 'Adam Ragusea', 'cooking', 2.4 * M, 0.5 * B, 400, 'US', 'Home cooking, food science and food history.'],
  ['UCDq5v10l4wkV5-ZBIJJFbzQ', 'EthanChlebowski', 'Ethan Chlebowski', 'cooking', 2.1 * M, 0.2 * B, 250, 'US', 'Cook smarter: the reasons behind recipes.'],
  // Music
  ['UCqECaJ8Gagnn7YCbPEzWH6g', 'TaylorSwift', 'Taylor Swift', 'music', 59 * M, 33 * B, 250, 'US', 'The official Taylor Swift channel.', { username: 'TaylorSwiftVEVO' }],
  ['UC0C-w0YjGpqDXGB8IHb662A', 'EdSheeran', 'Ed Sheeran', 'music', 56 * M, 33 * B, 300, 'GB', 'The official Ed Sheeran channel.'],
  ['UCSJ4gkVC6NrvII8umztf0Ow', 'LofiGirl', 'Lofi Girl', 'music', 14 * M, 2 * B, 500, 'FR', 'Beats to relax and study to, around the clock.'],
  ['UC4eYXhJI4-7wSWc8UNRwD4A', 'nprmusic', 'NPR Music', 'music', 11 * M, 3.5 * B, 3_500, 'US', 'Tiny Desk concerts and more from NPR Music.', { username: 'nprmusic' }],
  ['UCJquYOG5EL82sKTfH9aMA9Q', 'RickBeato', 'Rick Beato', 'music', 4.9 * M, 0.8 * B, 1_000, 'US', 'What makes this song great? Music theory and production.'],
  ['UCnkp4xDOwqqJD7sSM3xdUiQ', 'AdamNeely', 'Adam Neely', 'music', 1.7 * M, 0.2 * B, 250, 'US', 'Music theory, jazz and the occasional meme.'],
  // Gaming
  ['UC-lHJZR3Gqxm24_Vd_AJ5Yw', 'PewDiePie', 'PewDiePie', 'gaming', 110 * M, 29 * B, 4_700, 'JP', 'Games, memes and life in Japan.', { username: 'PewDiePie' }],
  ['UC7_YxT-KID8kRbqZo7MyscQ', 'markiplier', 'Markiplier', 'gaming', 36 * M, 20 * B, 5_500, 'US', 'Horror games, comedy and everything else.', { username: 'markiplierGAME' }],
  ['UCYzPXprvl5Y-Sf0g4vX-m6g', 'jacksepticeye', 'jacksepticeye', 'gaming', 31 * M, 16 * B, 5_100, 'IE', 'Top of the mornin’ to ya laddies!', { username: 'jacksepticeye' }],
  ['UCqJ-Xo29CKyLTjn6z2XwYAw', 'GMTK', "Game Maker's Toolkit", 'gaming', 1.6 * M, 0.13 * B, 250, 'GB', 'Game design, explained by Mark Brown.'],
  ['UC9PBzalIcEQCsiIkq36PyUA', 'DigitalFoundry', 'Digital Foundry', 'gaming', 1.7 * M, 0.8 * B, 3_000, 'GB', 'Technical analysis of games and hardware.'],
  ['UCTkXRDQl0luXxVQrRQvWS6w', 'dream', 'Dream', 'gaming', 32 * M, 3 * B, 130, 'US', 'Minecraft manhunts and speedruns.'],
  ['UCGIY_O-8vW4rfX98KlMkvRg', 'NintendoAmerica', 'Nintendo of America', 'gaming', 10 * M, 4 * B, 4_000, 'US', 'The official Nintendo of America channel.', { username: 'Nintendo' }],
  // Culture
  ['UCX6OQ3DkcsbYNE6H8uQQuVA', 'MrBeast', 'MrBeast', 'culture', 300 * M, 55 * B, 800, 'US', 'Going bigger every video.', { username: 'MrBeast6000' }],
  ['UCAuUUnT6oDeKwE6v1NGQxug', 'TED', 'TED', 'culture', 25 * M, 2.8 * B, 4_500, 'US', 'Ideas worth spreading.', { username: 'TEDtalksDirector' }],
  ['UCLXo7UDZvByw2ixzpQCufnA', 'Vox', 'Vox', 'culture', 12 * M, 3.2 * B, 1_600, 'US', 'Explaining the news and the world.', { username: 'voxdotcom' }],
  ['UCmGSJVG3mCRXVOP4yZrU1Dw', 'johnnyharris', 'Johnny Harris', 'culture', 6.2 * M, 0.7 * B, 350, 'US', 'Maps, history and the stories behind the news.'],
  ['UCtinbF-Q-fVthA0qrFQTgXQ', 'casey', 'Casey Neistat', 'culture', 12.6 * M, 3 * B, 1_150, 'US', 'Vlogs, films and New York City.', { username: 'caseyneistat' }],
]

function toChannel([
  id,
  handle,
  title,
  category,
  subscribers,
  views,
  videos,
  country,
  description,
  legacy,
]: ChannelRow): DemoChannel {
  return {
    id,
    handle,
    title,
    description,
    category,
    subscriberCount: Math.round(subscribers),
    viewCount: Math.round(views),
    videoCount: videos,
    hiddenSubscriberCount: false,
    country,
    avatarUrl: initialsAvatar(id, title),
    username: legacy?.username ?? null,
    customName: legacy?.customName ?? null,
  }
}

/** Real, well-known channels across six categories: the demo library and the fake YouTube's data. */
export const DEMO_CHANNELS: readonly DemoChannel[] = CHANNEL_ROWS.map(toChannel)

/** Made-up channels for cases real ones rarely show: a non-Latin handle, a hidden subscriber count. */
export const FAKE_ONLY_CHANNELS: readonly DemoChannel[] = [
  toChannel([
    'UCfakeTubefoldDemo00001A',
    'ゆっくり実況',
    'ゆっくり実況チャンネル',
    'gaming',
    0.3 * M,
    0.05 * B,
    420,
    'JP',
    'テスト用の架空のチャンネルです。',
  ]),
  {
    ...toChannel([
      'UCfakeTubefoldDemo00002B',
      'quietmaker',
      'Quiet Maker',
      'tech',
      0,
      0.002 * B,
      35,
      null,
      'A made-up channel that hides its subscriber count.',
    ]),
    hiddenSubscriberCount: true,
  },
]

const DAY = 86_400
const now = Math.floor(Date.now() / 1000)

type AnimeRow = Omit<DemoAnime, 'posterUrl'>

const ANIME_ROWS: AnimeRow[] = [
  {
    id: 'GRDV0019R',
    slug: 'jujutsu-kaisen',
    anilistId: 113415,
    title: 'JUJUTSU KAISEN',
    romajiTitle: 'Jujutsu Kaisen',
    description:
      'A boy fights… for the right death. Hardship, regret, shame: the negative feelings that humans feel become Curses that lurk in our everyday lives.\n\nYuji Itadori swallows a cursed finger & joins Jujutsu High to stop them.',
    episodes: 24,
    year: 2020,
    genres: ['Action', 'Drama', 'Supernatural'],
    averageScore: 85,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
  {
    id: 'GR751KNZY',
    slug: 'attack-on-titan',
    anilistId: 16498,
    title: 'Attack on Titan',
    romajiTitle: 'Shingeki no Kyojin',
    description:
      'Several hundred years ago, humans were nearly exterminated by titans. The survivors live behind walls — until a colossal titan breaks through.',
    episodes: 25,
    year: 2013,
    genres: ['Action', 'Drama', 'Fantasy', 'Mystery'],
    averageScore: 85,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
  {
    id: 'GY5P48XEY',
    slug: 'demon-slayer-kimetsu-no-yaiba',
    anilistId: 101922,
    title: 'Demon Slayer: Kimetsu no Yaiba',
    romajiTitle: 'Kimetsu no Yaiba',
    description:
      'Tanjiro Kamado sets out to become a demon slayer after his family is slaughtered and his sister Nezuko is turned into a demon.',
    episodes: 26,
    year: 2019,
    genres: ['Action', 'Adventure', 'Drama', 'Fantasy', 'Supernatural'],
    averageScore: 83,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
  {
    id: 'GRMG8ZQZR',
    slug: 'one-piece',
    anilistId: 21,
    title: 'ONE PIECE',
    romajiTitle: 'ONE PIECE',
    description:
      'Gold Roger was known as the Pirate King. His last words sent the world to the seas: "My treasure? It\'s yours for the taking!"\n\nMonkey D. Luffy sets sail to find it.',
    episodes: null,
    year: 1999,
    genres: ['Action', 'Adventure', 'Comedy', 'Drama', 'Fantasy'],
    averageScore: 88,
    status: 'RELEASING',
    nextAiringEpisode: { episode: 1120, airingAt: now + 3 * DAY },
  },
  {
    id: 'G4PH0WXVJ',
    slug: 'spy-x-family',
    anilistId: 140960,
    title: 'SPY x FAMILY',
    romajiTitle: 'SPY×FAMILY',
    description:
      "A spy, an assassin and a telepath pretend to be a family — and none of them may learn the others' secrets.",
    episodes: 12,
    year: 2022,
    genres: ['Action', 'Comedy', 'Slice of Life'],
    averageScore: 85,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
  {
    id: 'GG5H5XQ7D',
    slug: 'frieren-beyond-journeys-end',
    anilistId: 154587,
    title: "Frieren: Beyond Journey's End",
    romajiTitle: 'Sousou no Frieren',
    description:
      'The elf mage Frieren outlives the hero she once travelled with, and sets out to understand the people she barely got to know.',
    episodes: 28,
    year: 2023,
    genres: ['Adventure', 'Drama', 'Fantasy'],
    averageScore: 91,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
  {
    id: 'GDKHZEJ0K',
    slug: 'solo-leveling',
    anilistId: 151807,
    title: 'Solo Leveling',
    romajiTitle: 'Ore dake Level Up na Ken',
    description:
      'The weakest hunter of all mankind, Sung Jinwoo, gains a power no one else has: he can level up.',
    episodes: 12,
    year: 2024,
    genres: ['Action', 'Adventure', 'Fantasy'],
    averageScore: 82,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
  {
    id: 'GVDHX8QNW',
    slug: 'chainsaw-man',
    anilistId: 127230,
    title: 'Chainsaw Man',
    romajiTitle: 'Chainsaw Man',
    description:
      'Denji, crushed by debt, merges with his chainsaw devil Pochita and becomes a devil hunter for Public Safety.',
    episodes: 12,
    year: 2022,
    genres: ['Action', 'Drama', 'Horror', 'Supernatural'],
    averageScore: 83,
    status: 'FINISHED',
    nextAiringEpisode: null,
  },
]

/** Crunchyroll series with AniList-like metadata: the demo library and the fake AniList's data. */
export const DEMO_ANIMES: readonly DemoAnime[] = ANIME_ROWS.map((row) => ({
  ...row,
  posterUrl: posterImage(row.id, row.title),
}))
