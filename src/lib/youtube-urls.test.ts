import { describe, expect, it } from 'vitest'
import {
  CHANNEL_ID_RE,
  type ChannelParseError,
  type ChannelRef,
  parseChannelInput,
  parseChannelLines,
  refKey,
  refPath,
} from './youtube-urls'

const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
const LTT = 'UCXuqSBlHAE6Xw-yeJA0Tunw'

const accepted: [string, ChannelRef][] = [
  // Channel ids, bare and in every URL shape.
  [MKBHD, { kind: 'id', id: MKBHD }],
  [`https://www.youtube.com/channel/${MKBHD}`, { kind: 'id', id: MKBHD }],
  [`http://youtube.com/channel/${LTT}`, { kind: 'id', id: LTT }],
  [`youtube.com/channel/${LTT}`, { kind: 'id', id: LTT }],
  [`www.youtube.com/channel/${LTT}/videos`, { kind: 'id', id: LTT }],
  [`https://m.youtube.com/channel/${LTT}?sub_confirmation=1`, { kind: 'id', id: LTT }],
  [`https://music.youtube.com/channel/${LTT}#about`, { kind: 'id', id: LTT }],
  [`https://WWW.YouTube.com/channel/${LTT}/`, { kind: 'id', id: LTT }],
  [`//www.youtube.com/channel/${LTT}`, { kind: 'id', id: LTT }],
  [`https://www.youtube.com/feeds/videos.xml?channel_id=${MKBHD}`, { kind: 'id', id: MKBHD }],
  [`youtube.com/feeds/videos.xml?channel_id=${MKBHD}`, { kind: 'id', id: MKBHD }],
  [`<https://www.youtube.com/channel/${MKBHD}>`, { kind: 'id', id: MKBHD }],
  [`"${MKBHD}"`, { kind: 'id', id: MKBHD }],
  [`  ${MKBHD}  `, { kind: 'id', id: MKBHD }],
  // Handles.
  ['@mkbhd', { kind: 'handle', handle: 'mkbhd' }],
  ['@LinusTechTips', { kind: 'handle', handle: 'LinusTechTips' }],
  ['@mkbhd/videos', { kind: 'handle', handle: 'mkbhd' }],
  ['@tom.scott-go_1', { kind: 'handle', handle: 'tom.scott-go_1' }],
  ['https://www.youtube.com/@mkbhd', { kind: 'handle', handle: 'mkbhd' }],
  ['https://www.youtube.com/@mkbhd/videos', { kind: 'handle', handle: 'mkbhd' }],
  ['youtube.com/@Veritasium/featured?si=abc#top', { kind: 'handle', handle: 'Veritasium' }],
  ['m.youtube.com/@kurzgesagt/shorts', { kind: 'handle', handle: 'kurzgesagt' }],
  ['https://www.youtube.com/@3blue1brown.', { kind: 'handle', handle: '3blue1brown' }],
  ['https://www.youtube.com/%40fireship', { kind: 'handle', handle: 'fireship' }],
  // Handles in other scripts, typed and percent-encoded.
  ['@ヒカキン', { kind: 'handle', handle: 'ヒカキン' }],
  ['@привет_мир', { kind: 'handle', handle: 'привет_мир' }],
  ['@हिन्दीचैनल', { kind: 'handle', handle: 'हिन्दीचैनल' }],
  ['@كرة_القدم', { kind: 'handle', handle: 'كرة_القدم' }],
  ['@café.olé', { kind: 'handle', handle: 'café.olé' }],
  [
    `https://www.youtube.com/@${encodeURIComponent('재미있는채널')}/videos`,
    { kind: 'handle', handle: '재미있는채널' },
  ],
  // Legacy names.
  ['https://www.youtube.com/c/LinusTechTips', { kind: 'custom', name: 'LinusTechTips' }],
  ['youtube.com/c/Vsauce/about', { kind: 'custom', name: 'Vsauce' }],
  [
    'https://www.youtube.com/user/marquesbrownlee',
    { kind: 'username', username: 'marquesbrownlee' },
  ],
  [
    'https://www.youtube.com/user/numberphile/videos?view=0',
    { kind: 'username', username: 'numberphile' },
  ],
  [
    'https://www.youtube.com/feeds/videos.xml?user=vsauce',
    { kind: 'username', username: 'vsauce' },
  ],
  ['https://www.youtube.com/LinusTechTips', { kind: 'custom', name: 'LinusTechTips' }],
  ['https://www.youtube.com/minutephysics/videos', { kind: 'custom', name: 'minutephysics' }],
]

const rejected: [string, ChannelParseError][] = [
  // YouTube addresses of something that is not a channel.
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'notChannel'],
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&ab_channel=RickAstley', 'notChannel'],
  ['https://youtu.be/dQw4w9WgXcQ', 'notChannel'],
  ['youtu.be/dQw4w9WgXcQ?t=42', 'notChannel'],
  ['https://www.youtube.com/playlist?list=PLFs4vir_WsTwEd-nJgVJCZPNL3HALHHpF', 'notChannel'],
  ['https://www.youtube.com/shorts/abcdefghijk', 'notChannel'],
  ['https://www.youtube.com/live/abcdefghijk', 'notChannel'],
  ['https://www.youtube.com/feed/subscriptions', 'notChannel'],
  ['https://www.youtube.com/results?search_query=mkbhd', 'notChannel'],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'notChannel'],
  ['https://www.youtube.com/hashtag/tech', 'notChannel'],
  ['https://www.youtube.com/', 'notChannel'],
  ['youtube.com', 'notChannel'],
  ['https://www.youtube.com/feeds/videos.xml?playlist_id=PL123', 'notChannel'],
  ['https://music.youtube.com/watch?v=abc', 'notChannel'],
  ['https://www.youtube.com/a/b/c', 'notChannel'],
  // Malformed YouTube channel addresses and handles.
  ['https://www.youtube.com/channel/UCshort', 'invalid'],
  ['https://www.youtube.com/channel/', 'invalid'],
  ['https://www.youtube.com/@ab', 'invalid'],
  ['@ab', 'invalid'],
  ['@', 'invalid'],
  [`@${'x'.repeat(31)}`, 'invalid'],
  ['@has space', 'invalid'],
  ['@emoji😀channel', 'invalid'],
  ['https://www.youtube.com/c/', 'invalid'],
  ['https://www.youtube.com/feeds/videos.xml?channel_id=nope', 'invalid'],
  // Not YouTube at all.
  ['', 'invalid'],
  ['   ', 'invalid'],
  ['mkbhd', 'invalid'],
  ['hello world', 'invalid'],
  ['uCBJycsmduvYEL83R_U4JriQ', 'invalid'],
  [`${MKBHD}x`, 'invalid'],
  ['https://example.com/@mkbhd', 'invalid'],
  ['https://notyoutube.com/channel/UCBJycsmduvYEL83R_U4JriQ', 'invalid'],
  ['https://youtube.com.evil.example/@mkbhd', 'invalid'],
  ['ftp://www.youtube.com/@mkbhd', 'invalid'],
  ['javascript:alert(1)', 'invalid'],
  ['https://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen', 'invalid'],
  ['http://[::1', 'invalid'],
]

describe('parseChannelInput', () => {
  it.each(accepted)('reads %s', (input, ref) => {
    expect(parseChannelInput(input)).toEqual({ ref, error: null })
  })

  it.each(rejected)('refuses %s as %s', (input, error) => {
    expect(parseChannelInput(input)).toEqual({ ref: null, error })
  })
})

describe('CHANNEL_ID_RE', () => {
  it('matches UC plus exactly 22 base64url characters', () => {
    expect(CHANNEL_ID_RE.test(MKBHD)).toBe(true)
    expect(CHANNEL_ID_RE.test('UC-_aaaaaaaaaaaaaaaaaaaa')).toBe(true)
    expect(CHANNEL_ID_RE.test(MKBHD.slice(0, -1))).toBe(false)
    expect(CHANNEL_ID_RE.test(`${MKBHD}A`)).toBe(false)
    expect(CHANNEL_ID_RE.test('UUBJycsmduvYEL83R_U4JriQ')).toBe(false)
    expect(CHANNEL_ID_RE.test('UCBJycsmduvYEL83R+U4JriQ')).toBe(false)
  })
})

describe('parseChannelLines', () => {
  it('reads a line as one entry: its channels each, at most one problem row, blanks skipped', () => {
    const text = [
      '@mkbhd',
      '',
      `  https://www.youtube.com/channel/${LTT} , @veritasium`,
      'https://youtu.be/dQw4w9WgXcQ\t\tnonsense',
      '\r',
      '@ヒカキン,,',
    ].join('\n')
    expect(parseChannelLines(text)).toEqual([
      { line: 1, input: '@mkbhd', ref: { kind: 'handle', handle: 'mkbhd' }, error: null },
      {
        line: 3,
        input: `https://www.youtube.com/channel/${LTT}`,
        ref: { kind: 'id', id: LTT },
        error: null,
      },
      { line: 3, input: '@veritasium', ref: { kind: 'handle', handle: 'veritasium' }, error: null },
      // A pasted video link stands for its channel (issue 25); the word beside it is a label.
      {
        line: 4,
        input: 'https://youtu.be/dQw4w9WgXcQ',
        ref: { kind: 'video', videoId: 'dQw4w9WgXcQ' },
        error: null,
      },
      { line: 6, input: '@ヒカキン', ref: { kind: 'handle', handle: 'ヒカキン' }, error: null },
    ])
  })

  it('gives "hello world" one problem row, numbered by its line (issue 25)', () => {
    expect(parseChannelLines('@one1\n\nhello world\n@two2')).toEqual([
      { line: 1, input: '@one1', ref: { kind: 'handle', handle: 'one1' }, error: null },
      { line: 3, input: 'hello world', ref: null, error: 'invalid' },
      { line: 4, input: '@two2', ref: { kind: 'handle', handle: 'two2' }, error: null },
    ])
  })

  it('reads watch, youtu.be, shorts and live links as videos only where asked', () => {
    const video = { kind: 'video', videoId: 'dQw4w9WgXcQ' }
    for (const input of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'youtu.be/dQw4w9WgXcQ?si=abc',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
    ]) {
      expect(parseChannelInput(input, { videos: true })).toEqual({ ref: video, error: null })
      expect(parseChannelInput(input)).toEqual({ ref: null, error: 'notChannel' })
    }
    expect(parseChannelInput('https://www.youtube.com/watch?v=short', { videos: true })).toEqual({
      ref: null,
      error: 'notChannel',
    })
    expect(refKey({ kind: 'video', videoId: 'dQw4w9WgXcQ' })).toBe('video:dQw4w9WgXcQ')
  })

  it('counts Windows line endings once', () => {
    const lines = parseChannelLines('@one1\r\n@two2\r\n\r\n@three')
    expect(lines.map((line) => line.line)).toEqual([1, 2, 4])
  })

  it('returns nothing for blank text', () => {
    expect(parseChannelLines('')).toEqual([])
    expect(parseChannelLines('\n \n\t,\n')).toEqual([])
  })
})

describe('refKey', () => {
  it('is the same for handles that differ only in case, and differs across kinds', () => {
    const key = (input: string) => {
      const { ref } = parseChannelInput(input)
      if (!ref) throw new Error(`not a channel: ${input}`)
      return refKey(ref)
    }
    expect(key('@MKBHD')).toBe(key('https://www.youtube.com/@mkbhd/videos'))
    expect(key('@MKBHD')).toBe('handle:mkbhd')
    expect(key(MKBHD)).toBe(`id:${MKBHD}`)
    // Ids are case-sensitive: only the handle-like kinds fold case.
    expect(key(MKBHD)).not.toBe(key(`https://youtube.com/channel/${MKBHD.replace('J', 'j')}`))
    expect(key('youtube.com/user/Vsauce')).toBe('username:vsauce')
    expect(key('youtube.com/c/Vsauce')).toBe('custom:vsauce')
    expect(key('youtube.com/c/Vsauce')).not.toBe(key('@Vsauce'))
  })
})

describe('refPath', () => {
  it('gives the public page of each kind, percent-encoding names', () => {
    expect(refPath({ kind: 'id', id: MKBHD })).toBe(`/channel/${MKBHD}`)
    expect(refPath({ kind: 'handle', handle: 'mkbhd' })).toBe('/@mkbhd')
    expect(refPath({ kind: 'handle', handle: 'ヒカキン' })).toBe(
      `/@${encodeURIComponent('ヒカキン')}`,
    )
    expect(refPath({ kind: 'username', username: 'vsauce' })).toBe('/user/vsauce')
    expect(refPath({ kind: 'custom', name: 'Vsauce' })).toBe('/c/Vsauce')
  })
})
