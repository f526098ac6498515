import fc from 'fast-check'
import { groupNameKey } from '~/db/name-key'
import { GROUP_COLORS } from '~/features/groups/groups.schemas'
import type {
  ExportAnime,
  ExportChannel,
  ExportGroup,
  ExportItemRef,
  ExportModel,
} from '../transfer.schemas'

/*
 * Export models for the exporter tests: a small hand-made one whose files are
 * written out in full in the tests, a big one (20,000 channels, 1,000 groups)
 * and a fast-check arbitrary. Test support only.
 */

export const LTT = 'UCXuqSBlHAE6Xw-yeJA0Tunw'
export const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
export const ARZTE = 'UC0vBXGSyV14uvJ4hECDOl0Q'
export const NAMELESS = 'UCdBK94H6oZT2Q7l0-b0xmMg'
export const JJK = 'GRDV0019R'
export const SPY = 'G4PH0WXVJ'

const noExtras = { alias: null, notes: '', tags: [] }
const channel = (id: string) => ({ kind: 'channel', id }) satisfies ExportItemRef
const anime = (id: string) => ({ kind: 'anime', id }) satisfies ExportItemRef

/*
 * Tech & <Gadgets> (blue, lucide:cpu)   Die Ärzte, JJK (anime)
 *   Reviews (red)                       LTT, MKBHD
 *   Empty (no colour)
 * Anime (pink, emoji:🍙)                JJK
 * ungrouped: NAMELESS (no title yet), SPY (anime)
 */
export function smallModel(): ExportModel {
  return {
    exportedAt: '2026-11-21T10:30:00.000Z',
    scope: 'account',
    groups: [
      {
        name: 'Tech & <Gadgets>',
        description: 'Phones, "laptops"\nand more',
        icon: 'lucide:cpu',
        color: 'blue',
        groups: [
          {
            name: 'Reviews',
            description: '',
            icon: null,
            color: 'red',
            groups: [],
            items: [channel(LTT), channel(MKBHD)],
          },
          { name: 'Empty', description: '', icon: null, color: null, groups: [], items: [] },
        ],
        items: [channel(ARZTE), anime(JJK)],
      },
      {
        name: 'Anime',
        description: '',
        icon: 'emoji:🍙',
        color: 'pink',
        groups: [],
        items: [anime(JJK)],
      },
    ],
    ungrouped: [channel(NAMELESS), anime(SPY)],
    channels: [
      {
        id: LTT,
        title: 'Linus Tech Tips',
        handle: 'LinusTechTips',
        avatarUrl: 'https://yt3.ggpht.com/ltt=s88',
        extras: { alias: 'LTT', notes: 'line one\nline two', tags: ['tech', 'reviews'] },
      },
      {
        id: MKBHD,
        title: 'Marques, "MKBHD" Brownlee',
        handle: null,
        avatarUrl: null,
        extras: noExtras,
      },
      {
        id: ARZTE,
        title: 'Die Ärzte 🎸\u0007',
        handle: 'dieaerzte',
        avatarUrl: 'https://yt3.ggpht.com/a?x=1&y=2',
        extras: noExtras,
      },
      { id: NAMELESS, title: '', handle: null, avatarUrl: null, extras: noExtras },
    ],
    animes: [
      {
        id: JJK,
        slug: 'jujutsu-kaisen',
        title: 'JUJUTSU KAISEN',
        posterUrl: 'https://img.example/jjk.jpg',
        extras: { alias: 'JJK', notes: '', tags: ['shonen'] },
      },
      { id: SPY, slug: 'spy-x-family', title: 'SPY x FAMILY', posterUrl: null, extras: noExtras },
    ],
  }
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** A valid, distinct channel id for every index. */
export function channelIdFor(index: number): string {
  let rest = index
  let tail = ''
  for (let digit = 0; digit < 22; digit++) {
    tail = (BASE64URL[rest % 64] ?? 'A') + tail
    rest = Math.floor(rest / 64)
  }
  return `UC${tail}`
}

export const BIG_CHANNELS = 20_000
export const BIG_GROUPS = 1_000

/**
 * 40 top-level groups of 24 children each (1,000 groups); every 20th channel
 * ungrouped, every 10th placed twice; titles with commas, quotes and markup.
 */
export function bigModel(): ExportModel {
  const top = 40
  const perTop = BIG_GROUPS / top - 1
  const leaves: ExportGroup[] = []
  const groups: ExportGroup[] = []
  for (let t = 0; t < top; t++) {
    const children: ExportGroup[] = []
    for (let c = 0; c < perTop; c++) {
      const child: ExportGroup = {
        name: `Topic ${t}.${c}, "sub" <${c}>`,
        description: '',
        icon: null,
        color: GROUP_COLORS[c % GROUP_COLORS.length] ?? null,
        groups: [],
        items: [],
      }
      children.push(child)
      leaves.push(child)
    }
    const parent: ExportGroup = {
      name: `Area ${t} & co`,
      description: `Area ${t}`,
      icon: 'lucide:folder',
      color: null,
      groups: children,
      items: [],
    }
    groups.push(parent)
    leaves.push(parent)
  }
  const channels: ExportChannel[] = []
  const ungrouped: ExportItemRef[] = []
  for (let index = 0; index < BIG_CHANNELS; index++) {
    const id = channelIdFor(index)
    channels.push({
      id,
      title: index % 3 === 0 ? `Channel ${index}, "quoted" & <b>` : `Channel ${index}`,
      handle: `handle${index}`,
      avatarUrl: `https://yt3.ggpht.com/avatar-${index}=s88`,
      extras: index % 7 === 0 ? { alias: `Alias ${index}`, notes: 'n', tags: ['t'] } : noExtras,
    })
    if (index % 20 === 0) {
      ungrouped.push(channel(id))
      continue
    }
    leaves[index % leaves.length]?.items.push(channel(id))
    if (index % 10 === 1) leaves[(index * 7) % leaves.length]?.items.push(channel(id))
  }
  return {
    exportedAt: '2026-11-21T00:00:00.000Z',
    scope: 'account',
    groups,
    ungrouped,
    channels,
    animes: [],
  }
}

/* Generated models. */

export type ModelOptions = {
  /**
   * Text as the product stores it: names, descriptions and titles NFC and
   * trimmed, names and titles non-empty, names without control characters.
   * Otherwise any string the backup schema allows (lone surrogates included).
   */
  product?: boolean
  /** Leave `/` out of names, so a path joined with " / " splits back unambiguously. */
  noSlash?: boolean
}

const CONTROL = /\p{Cc}/u

/** Product-shaped text: NFC, trimmed, `minLength` to `maxLength` graphemes. */
function productText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .string({ unit: 'grapheme', minLength, maxLength })
    .map((value) => value.normalize('NFC').trim())
    .filter((value) => value.length >= minLength)
}

function nameArbitrary({ product = false, noSlash = false }: ModelOptions): fc.Arbitrary<string> {
  const tricky = fc.constantFrom(
    'Tech & <Gadgets>',
    'a, "b"',
    'Ärzte',
    '📱 Phones',
    'Москва',
    '東京',
    'x'.repeat(60),
  )
  const raw = product
    ? productText(1, 20)
    : fc.string({ unit: 'binary', minLength: 1, maxLength: 60 })
  return fc
    .oneof(tricky, raw)
    .filter(
      (value) =>
        value.length > 0 &&
        [...value].length <= 60 &&
        (!product || !CONTROL.test(value)) &&
        (!noSlash || !value.includes('/')),
    )
}

const iconArbitrary = fc.oneof(
  fc.constant(null),
  fc.constantFrom('lucide:cpu', 'lucide:folder-open', 'lucide:gamepad-2'),
  fc.constantFrom('emoji:🍙', 'emoji:📱', 'emoji:👩🏽‍💻', 'emoji:🇧🇷'),
)
const colorArbitrary = fc.option(fc.constantFrom(...GROUP_COLORS))

const channelIdArbitrary = fc
  .string({ unit: fc.constantFrom(...BASE64URL), minLength: 22, maxLength: 22 })
  .map((tail) => `UC${tail}`)
const seriesIdArbitrary = fc
  .string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: 5,
    maxLength: 12,
  })
  .map((tail) => `G${tail}`)
const slugArbitrary = fc
  .array(
    fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      minLength: 1,
      maxLength: 8,
    }),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((words) => words.join('-'))
const textArbitrary = (maxLength: number) => fc.string({ unit: 'binary', maxLength })
const extrasArbitrary = fc.record({
  alias: fc.option(textArbitrary(40)),
  notes: textArbitrary(100),
  tags: fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 15 }), { maxLength: 5 }),
})

const channelArbitrary = (product: boolean): fc.Arbitrary<ExportChannel> =>
  fc.record({
    id: channelIdArbitrary,
    title: product ? productText(1, 30) : textArbitrary(40),
    handle: fc.option(fc.string({ unit: 'grapheme-ascii', minLength: 3, maxLength: 30 })),
    avatarUrl: fc.option(fc.webUrl()),
    extras: extrasArbitrary,
  })
const animeArbitrary = (product: boolean): fc.Arbitrary<ExportAnime> =>
  fc.record({
    id: seriesIdArbitrary,
    slug: slugArbitrary,
    title: product ? productText(1, 30) : textArbitrary(40),
    posterUrl: fc.option(fc.webUrl()),
    extras: extrasArbitrary,
  })

function groupsArbitrary(
  depth: number,
  refs: ExportItemRef[],
  options: ModelOptions,
): fc.Arbitrary<ExportGroup[]> {
  const group: fc.Arbitrary<ExportGroup> = fc.record({
    name: nameArbitrary(options),
    description: fc.oneof(
      fc.constant(''),
      options.product ? productText(0, 40) : textArbitrary(60),
    ),
    icon: iconArbitrary,
    color: colorArbitrary,
    groups: depth <= 1 ? fc.constant([]) : groupsArbitrary(depth - 1, refs, options),
    items: fc.shuffledSubarray(refs, { maxLength: Math.min(6, refs.length) }),
  })
  // Sibling names are unique, as the product keeps them.
  return fc.uniqueArray(group, { selector: (entry) => groupNameKey(entry.name), maxLength: 3 })
}

function placed(groups: readonly ExportGroup[], into: Set<string>): Set<string> {
  for (const group of groups) {
    for (const item of group.items) into.add(`${item.kind}:${item.id}`)
    placed(group.groups, into)
  }
  return into
}

export function exportModelArbitrary(options: ModelOptions = {}): fc.Arbitrary<ExportModel> {
  const product = options.product ?? false
  return fc
    .record({
      channels: fc.uniqueArray(channelArbitrary(product), {
        selector: (entry) => entry.id,
        maxLength: 10,
      }),
      animes: fc.uniqueArray(animeArbitrary(product), {
        selector: (entry) => entry.id,
        maxLength: 4,
      }),
      scope: fc.constantFrom('account', 'group'),
      exportedAt: fc
        .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString()),
    })
    .chain(({ channels, animes, scope, exportedAt }) => {
      const refs: ExportItemRef[] = [
        ...channels.map((entry) => channel(entry.id)),
        ...animes.map((entry) => anime(entry.id)),
      ]
      return groupsArbitrary(4, refs, options).map((groups): ExportModel => {
        const inTree = placed(groups, new Set())
        const free = refs.filter((ref) => !inTree.has(`${ref.kind}:${ref.id}`))
        // A subtree export holds only what the subtree holds.
        if (scope === 'group') {
          return {
            exportedAt,
            scope,
            groups,
            ungrouped: [],
            channels: channels.filter((entry) => inTree.has(`channel:${entry.id}`)),
            animes: animes.filter((entry) => inTree.has(`anime:${entry.id}`)),
          }
        }
        return { exportedAt, scope, groups, ungrouped: free, channels, animes }
      })
    })
}
