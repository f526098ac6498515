import type { ImportFormat } from '~/config/formats'
import type { ImportProblem } from '../transfer.schemas'

/*
 * What each peer fixture (../shared/fixtures/peers) really holds, counted from
 * its PROVENANCE.md row and from the file itself, never from Tubefold's
 * parser: the expectations of peer-fixtures.compat.test.ts.
 */

// Channels the peers' own fixtures share.
const KURZGESAGT = 'UCsXVk37bltHxD1rDPwtNM8Q'
const CAPTAIN = 'UCEOXxzW2vU0P-0THehuIIeg'
const TED = 'UCAuUUnT6oDeKwE6v1NGQxug'
const GORILLAZ = 'UCfIXdjDQH9Fau7y99_Orpjw'
const ELECTROBOOM = 'UCJ0-OtVpF0wOKEqT2Z1HEtA'
const LINUS = 'UCXuqSBlHAE6Xw-yeJA0Tunw'
const TED_QUOTED = 'TED "Ideas, worth spreading" & more'
const PEERTUBE = 'https://framatube.org/video-channels/joinpeertube'

/** Channel ids in file order; for long lists, the count and both ends. */
export type Members = readonly string[] | { count: number; first: string; last: string }
export type Tree = { name: string; items: Members; groups?: readonly Tree[] }
export type Expectation =
  | { empty: true }
  | {
      format: ImportFormat
      channels: number
      groups: readonly Tree[]
      ungrouped: Members
      problems: readonly ImportProblem[]
      /** Some channels' titles, by id. */
      titles?: Readonly<Record<string, string>>
    }

const FIVE_TAKEOUT = [
  'UC1JTQBa5QxZCpXrFSkMxmPw',
  'UC3ltptWa0xfrDweghW94Acg',
  'UC9PBzalIcEQCsiIkq36PyUA',
  'UCU64AfivgQUOPuIJ8N5YaCA',
  'UCsvn_Po0SmunchJYOWpOxMg',
]
const SPANISH_TAKEOUT: Members = {
  count: 172,
  first: 'UC-UcKEWOSpz0AfY33TrYw3g',
  last: 'UCzXwjTI6c6mVn6oui_p6oiw',
}
/** YouTube's test data: Kurzgesagt four times, under other names (rows 6–8 repeat it). */
const NEWPIPE_FIVE = [KURZGESAGT, CAPTAIN, TED, GORILLAZ, ELECTROBOOM]
const FREETUBE_FOUR = [KURZGESAGT, CAPTAIN, TED, LINUS]
const FREETUBE_TITLES = { [TED]: TED_QUOTED, [KURZGESAGT]: 'Kurzgesagt – In a Nutshell' }
/** Invidious sorts by author. */
const INVIDIOUS_SORTED = [CAPTAIN, KURZGESAGT, LINUS, TED]
const LIBRETUBE_THREE = [KURZGESAGT, CAPTAIN, GORILLAZ]

export const EXPECTED: Record<string, Expectation> = {
  'newpipeextractor-takeout-1.csv': {
    format: 'takeout-csv',
    channels: 5,
    groups: [],
    ungrouped: FIVE_TAKEOUT,
    problems: [],
    titles: { UC1JTQBa5QxZCpXrFSkMxmPw: 'Raycevick' },
  },
  'newpipeextractor-takeout-2-es.csv': {
    format: 'takeout-csv',
    channels: 172,
    groups: [],
    ungrouped: SPANISH_TAKEOUT,
    problems: [],
    titles: { 'UC-UcKEWOSpz0AfY33TrYw3g': 'Nekojitablog', UCzXwjTI6c6mVn6oui_p6oiw: 'SMii7Y' },
  },
  'newpipeextractor-takeout-1.zip': {
    format: 'takeout-csv',
    channels: 5,
    groups: [],
    ungrouped: FIVE_TAKEOUT,
    problems: [],
  },
  'newpipeextractor-takeout-2-es.zip': {
    format: 'takeout-csv',
    channels: 172,
    groups: [],
    ungrouped: SPANISH_TAKEOUT,
    problems: [],
  },
  'newpipeextractor-takeout-subscriptions.json': {
    format: 'takeout-json',
    channels: 4,
    groups: [],
    ungrouped: [GORILLAZ, TED, CAPTAIN, KURZGESAGT],
    problems: [5, 6, 7].map((line) => ({ line, code: 'duplicate', input: GORILLAZ })),
    titles: { [GORILLAZ]: 'Gorillaz' },
  },
  'newpipeextractor-youtube_export_test.opml': {
    format: 'opml',
    channels: 5,
    // The "YouTube Subscriptions" wrapper is not a group.
    groups: [],
    ungrouped: NEWPIPE_FIVE,
    problems: [15, 17, 19].map((line) => ({
      line,
      code: 'duplicate',
      input: `https://www.youtube.com/feeds/videos.xml?channel_id=${KURZGESAGT}`,
    })),
  },
  'newpipe-import_export_test.json': {
    format: 'newpipe-json',
    channels: 5,
    groups: [],
    ungrouped: NEWPIPE_FIVE,
    problems: [6, 7, 8].map((line) => ({
      line,
      code: 'duplicate',
      input: `https://www.youtube.com/channel/${KURZGESAGT}`,
    })),
    titles: { [CAPTAIN]: 'CaptainDisillusion' },
  },
  'newpipe-settings-test-newpipe.zip': {
    format: 'newpipe-zip',
    channels: 1,
    groups: [],
    ungrouped: [LINUS],
    problems: [],
  },
  'newpipe-settings-test-db_noser_json.zip': { empty: true },
  'invidious-spec-takeout-de.csv': {
    format: 'takeout-csv',
    channels: 13,
    groups: [],
    ungrouped: [
      'UC0hHW5Y08ggq-9kbrGgWj0A',
      'UC0vBXGSyV14uvJ4hECDOl0Q',
      'UC1sELGmy5jp5fQUugmuYlXQ',
      'UC9kFnwdCRrX7oTjqKd6-tiQ',
      'UCBa659QWEk1AI4Tg--mrJ2A',
      'UCGu6_XQ64rXPR6nuitMQE_A',
      'UCGwu0nbY2wSkW8N-cghnLpA',
      'UCQ0OvZ54pCFZwsKxbltg_tg',
      'UCRE6itj4Jte4manQEu3Y7OA',
      'UCRLc6zsv_d0OEBO8OOkz-DA',
      'UCSl5Uxu2LyaoAoMMGp6oTJA',
      LINUS,
      'UCZ5XnGb-3t7jCkXdawN2tkA',
    ],
    problems: [],
    titles: { 'UC9kFnwdCRrX7oTjqKd6-tiQ': 'LUMOX - Topic' },
  },
  'mediaservicecore-pockettube.json': {
    format: 'pockettube',
    channels: 8,
    groups: [
      {
        name: 'test',
        items: [
          'UCyJTz74gyxWU2I5BzP6D71Q',
          'UCL5J5tawwI7TELw1fstIMpQ',
          'UCsjTlfV61bBwzLLmenR5zmg',
          'UCsaNq_zQFT5U3kRjCLV78hQ',
        ],
      },
      ...['test2', 'test3 with spaces'].map((name) => ({
        name,
        items: [
          'UCv19bD3h1dfYjVTj3v7R9yA',
          'UCBgc_s9bZcC7_VPC7Qyegfw',
          'UC-27_Szq7BtHDoC0R2U0zxA',
          'UCMh3v4KOrtoDKziO9d2qAHg',
        ],
      })),
    ],
    ungrouped: [],
    problems: [],
    // From `ysc_title_id`: offline, the channels show names, not ids.
    titles: {
      UCyJTz74gyxWU2I5BzP6D71Q: '-RIDDLER-',
      UCL5J5tawwI7TELw1fstIMpQ: '·Arstayl·',
      UCsjTlfV61bBwzLLmenR5zmg: '[TGR] - Hardware/Games',
      UCsaNq_zQFT5U3kRjCLV78hQ: '# motoTanya',
      UCv19bD3h1dfYjVTj3v7R9yA: '4game',
      UCBgc_s9bZcC7_VPC7Qyegfw: '4K Clips And Trailers',
      'UC-27_Szq7BtHDoC0R2U0zxA': 'AdamThomasMoran',
      UCMh3v4KOrtoDKziO9d2qAHg: 'Agirlandadoodle',
    },
  },
  'mediaservicecore-grayjay_subscription_groups': {
    format: 'grayjay',
    channels: 90,
    groups: [
      {
        name: 'Internet Shit',
        items: { count: 13, first: 'UCKEsuMNTAd1462h7ZtjM5aw', last: 'UCxnC4h1M6ScylvZ_o6hLtAw' },
      },
      {
        // A slash without spaces is part of the name, not a path.
        name: 'Docu/Interesting',
        items: { count: 31, first: 'UC73dVtWf9mpjiWYkXyIlm7A', last: 'UC6SHHgG7Xeh-3g1sUu8Fn3A' },
      },
      {
        name: 'Current Events',
        items: { count: 5, first: 'UCpJWHeFjOjoDrHLIPqIHgwA', last: 'UClZRl7eJ27LHKNmBUqugngQ' },
      },
      {
        name: 'Bodycam Channels',
        items: { count: 25, first: 'UCXMYxKMh3prxnM_4kYZuB3g', last: 'UCxpQNuLrr38QjWUV2gt4mJg' },
      },
      {
        name: 'Aerospace',
        items: { count: 21, first: 'UCcjzeMrZA91DwlXSsYFM64A', last: 'UCg55FbkgHrzwYZCEijhpcIw' },
      },
      {
        name: 'Legal',
        items: { count: 4, first: 'UCyjLtNOpUsPzJcudxNYpoaQ', last: 'UCYwVxWpjeKFWwu8TML-Te9A' },
      },
    ],
    ungrouped: [],
    // Numbered by the address's place among the file's 103 addresses.
    problems: [
      { line: 12, code: 'otherService', input: 'https://rumble.com/c/madattheinternet' },
      {
        line: 14,
        code: 'otherService',
        input: 'lbry://@elissaclips#f396490429364e98d5070588aabfd039d0fc93b5',
      },
      { line: 99, code: 'otherService', input: 'https://rumble.com/c/potentiallycriminal' },
      { line: 100, code: 'otherService', input: 'https://rumble.com/c/attorneytom' },
    ],
  },
  'mediaservicecore-newpipe_subscriptions.json': {
    format: 'newpipe-json',
    channels: 3,
    groups: [],
    ungrouped: ['UCiifkYAs_bq1pt_zbNAzYGg', 'UC4-79UOlP48-QNGgCko5p2g', 'UCWOA1ZGywLbqmigxE4Qlvuw'],
    problems: [],
    titles: { 'UC4-79UOlP48-QNGgCko5p2g': 'MrBeast 2' },
  },
  'newpipe-export-with-groups.zip': {
    format: 'newpipe-zip',
    channels: 5,
    groups: [
      { name: 'Science', items: [KURZGESAGT, CAPTAIN, TED] },
      { name: 'Música', items: [GORILLAZ] },
      { name: 'Empty', items: [] },
    ],
    ungrouped: [ELECTROBOOM],
    // Subscription rows 6 (SoundCloud, service 1) and 7 (PeerTube, service 3).
    problems: [
      { line: 6, code: 'otherService', input: 'https://soundcloud.com/gorillaz' },
      { line: 7, code: 'otherService', input: PEERTUBE },
    ],
    titles: { [KURZGESAGT]: 'Kurzgesagt – In a Nutshell' },
  },
  'freetube-subscriptions-2026-01-15.db': {
    format: 'freetube',
    channels: 5,
    // "All Channels" is the library, not a group.
    groups: [
      { name: 'Science', items: [KURZGESAGT, CAPTAIN, TED] },
      { name: 'Music', items: [GORILLAZ] },
    ],
    ungrouped: [ELECTROBOOM],
    problems: [],
  },
  'freetube-youtube-subscriptions-2026-01-15.csv': {
    format: 'takeout-csv',
    channels: 4,
    groups: [],
    ungrouped: FREETUBE_FOUR,
    problems: [],
    titles: FREETUBE_TITLES,
  },
  'freetube-youtube-subscriptions-2026-01-15.json': {
    format: 'takeout-json',
    channels: 4,
    groups: [],
    ungrouped: FREETUBE_FOUR,
    problems: [],
    titles: FREETUBE_TITLES,
  },
  'freetube-youtube-subscriptions-2026-01-15.opml': {
    format: 'opml',
    channels: 4,
    groups: [],
    ungrouped: FREETUBE_FOUR,
    problems: [],
    titles: FREETUBE_TITLES,
  },
  'freetube-newpipe-subscriptions-2026-01-15.json': {
    format: 'newpipe-json',
    channels: 4,
    groups: [],
    ungrouped: FREETUBE_FOUR,
    problems: [],
    titles: FREETUBE_TITLES,
  },
  'freetube-legacy-subscriptions.db': {
    format: 'freetube',
    channels: 3,
    groups: [{ name: 'Science', items: [KURZGESAGT, CAPTAIN] }],
    ungrouped: [GORILLAZ],
    problems: [],
    titles: { [GORILLAZ]: 'Gorillaz' },
  },
  'piped-channel_groups.json': {
    format: 'piped',
    channels: 4,
    groups: [
      { name: 'Later', items: [] },
      { name: 'Music', items: [GORILLAZ] },
      { name: 'Science', items: [KURZGESAGT, CAPTAIN, TED] },
    ],
    ungrouped: [],
    problems: [],
  },
  'piped-subscriptions.json': {
    format: 'newpipe-json',
    channels: 4,
    groups: [],
    ungrouped: [CAPTAIN, GORILLAZ, KURZGESAGT, TED],
    problems: [],
  },
  'invidious-subscription_manager.json': {
    format: 'invidious',
    channels: 4,
    groups: [],
    ungrouped: [KURZGESAGT, CAPTAIN, TED, LINUS],
    problems: [],
  },
  'invidious-subscription_manager.opml': {
    format: 'opml',
    channels: 4,
    // The "Invidious Subscriptions" wrapper is not a group.
    groups: [],
    ungrouped: INVIDIOUS_SORTED,
    problems: [],
    titles: { [LINUS]: 'Linus Tech Tips' },
  },
  'invidious-subscription_manager-newpipe.opml': {
    format: 'opml',
    channels: 4,
    groups: [],
    ungrouped: INVIDIOUS_SORTED,
    problems: [],
  },
  'grayjay-export_2026-01-15_1000.zip': {
    format: 'grayjay',
    channels: 5,
    groups: [
      { name: 'Science', items: [KURZGESAGT, CAPTAIN, TED] },
      { name: 'Music', items: [GORILLAZ] },
      // No `urls` key: Grayjay leaves empty lists out.
      { name: 'Empty', items: [] },
    ],
    // Only in `stores/subscriptions`.
    ungrouped: [ELECTROBOOM],
    // Subscription 6 of stores/subscriptions; its place in Music is not reported again.
    problems: [{ line: 6, code: 'otherService', input: PEERTUBE }],
  },
  'libretube-backup.json': {
    format: 'libretube',
    channels: 5,
    groups: [
      { name: 'Science', items: [KURZGESAGT, CAPTAIN] },
      { name: 'Music', items: [GORILLAZ] },
    ],
    ungrouped: [TED, ELECTROBOOM],
    problems: [],
    titles: { [TED]: 'TED', [ELECTROBOOM]: 'ElectroBOOM' },
  },
  'libretube-newpipe-export.json': {
    format: 'newpipe-json',
    channels: 3,
    groups: [],
    ungrouped: LIBRETUBE_THREE,
    problems: [],
  },
  // FreeTube's import shape (`{subscriptions: [{name, id: "", url}]}`): read like NewPipe's, by url.
  'libretube-freetube-export.json': {
    format: 'newpipe-json',
    channels: 3,
    groups: [],
    ungrouped: LIBRETUBE_THREE,
    problems: [],
    titles: { [GORILLAZ]: 'Gorillaz' },
  },
  'plain-list-from-peer-urls.txt': {
    format: 'plain',
    channels: 4,
    groups: [],
    ungrouped: [KURZGESAGT, CAPTAIN, TED, GORILLAZ],
    problems: [
      {
        line: 4,
        code: 'invalid',
        input: `https://invidious.example.org/feed/channel/${LINUS}`,
      },
      { line: 6, code: 'otherService', input: 'https://rumble.com/c/madattheinternet' },
      { line: 7, code: 'notChannel', input: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    ],
  },
}
