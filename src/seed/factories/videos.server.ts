import type { Database } from '~/db/client.server'
import { video } from '~/db/schema'
import { seededRandom } from './organiser.server'

export type VideoRow = typeof video.$inferInsert

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const HOUR = 60 * 60_000
const SPAN_HOURS = 6 * 7 * 24
const PER_CHANNEL = 15

const TOPICS = [
  'The honest review',
  'What nobody tells you',
  'I tried it for 30 days',
  'Explained in 10 minutes',
  'The surprising history',
  'Behind the scenes',
  'Answering your questions',
  'A deep dive',
  'Ranking every one',
  'Why it works',
  'Building it from scratch',
  'The big mistake',
  'One year later',
  'Myths, tested',
  'The ultimate guide',
]
const SHORT_TOPICS = ['in 60 seconds', 'quick tip', 'wait for it', 'one fact']
const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0d9488', '#db2777']

function hashOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function fakeVideoId(random: () => number): string {
  let id = ''
  for (let index = 0; index < 11; index += 1) {
    id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? 'A'
  }
  return id
}

/** A 16:9 thumbnail drawn inline, so the demo shows pictures with no network. */
export function demoThumbnail(id: string, title: string, isShort: boolean): string {
  const colour = COLOURS[hashOf(id) % COLOURS.length] ?? '#475569'
  const label = isShort ? 'SHORT' : 'VIDEO'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="${colour}"/><text x="16" y="32" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="#ffffffcc">${label}</text><text x="16" y="150" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="#fff">${escapeXml(title.slice(0, 28))}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/** About 15 uploads per channel over six weeks, every fifth a Short; deterministic per channel. */
export function demoVideos(
  channels: readonly { id: string; title: string }[],
  now: Date = new Date(),
): VideoRow[] {
  return channels.flatMap((row) => {
    const random = seededRandom(hashOf(row.id))
    const offsets = Array.from({ length: PER_CHANNEL }, () => Math.floor(random() * SPAN_HOURS))
    offsets.sort((a, b) => a - b)
    return offsets.map((hours, index) => {
      const isShort = index % 5 === 2
      const topic = isShort
        ? `${row.title}: ${SHORT_TOPICS[index % SHORT_TOPICS.length] ?? 'short'}`
        : (TOPICS[(hashOf(row.id) + index) % TOPICS.length] ?? 'New video')
      const id = fakeVideoId(random)
      return {
        id,
        channelId: row.id,
        title: topic,
        description: '',
        thumbnailUrl: demoThumbnail(id, topic, isShort),
        isShort,
        // Minutes keep two uploads of a channel from sharing a timestamp.
        publishedAt: new Date(now.getTime() - hours * HOUR - (index + 1) * 60_000),
      }
    })
  })
}

/** Inserts videos, leaving ones already there (a real feed may have stored them) alone. */
export async function insertVideos(db: Database, rows: readonly VideoRow[]) {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(video)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing()
  }
}
