import { fold } from '../tree-view-model'

/* Search over the icon picker's two catalogues, kept pure so the picker stays a thin view. */

function tokens(query: string): string[] {
  return fold(query)
    .split(/[\s\-_:]+/)
    .filter(Boolean)
}

/** "alarm-clock-check" → "alarm clock check": what a screen reader says and a person types. */
export function iconLabel(name: string): string {
  return name.replaceAll('-', ' ')
}

/** Names containing every typed word; those starting with the first word come first, order otherwise kept. */
export function searchIconNames<T extends string>(names: readonly T[], query: string): T[] {
  const words = tokens(query)
  if (words.length === 0) return [...names]
  const first = words[0] ?? ''
  const starts: T[] = []
  const contains: T[] = []
  for (const name of names) {
    if (!words.every((word) => name.includes(word))) continue
    if (name.startsWith(first)) starts.push(name)
    else contains.push(name)
  }
  return [...starts, ...contains]
}

export type EmojiItem = { unicode: string; label: string; group: number; search: string }
export type EmojiSource = {
  unicode: string
  label: string
  group?: number
  order?: number
  tags?: string[]
}

/** The emoji groups shown, in order; group 2 ("components": skin tones, hair) is left out. */
export const EMOJI_GROUPS = [0, 1, 3, 4, 5, 6, 7, 8, 9] as const
export type EmojiGroup = (typeof EMOJI_GROUPS)[number]

export function isEmojiGroup(group: number): group is EmojiGroup {
  return EMOJI_GROUPS.some((known) => known === group)
}

/** Emojibase's compact data → the picker's items, in keyboard order, with a folded search text. */
export function prepareEmojis(data: readonly EmojiSource[]): EmojiItem[] {
  return data
    .filter((emoji) => emoji.group !== undefined && isEmojiGroup(emoji.group))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((emoji) => ({
      unicode: emoji.unicode,
      label: emoji.label,
      group: emoji.group ?? 0,
      search: ` ${fold([emoji.label, ...(emoji.tags ?? [])].join(' '))}`,
    }))
}

/** Emojis whose label or tags contain a word starting with each typed word. */
export function searchEmojis(items: readonly EmojiItem[], query: string): EmojiItem[] {
  const words = tokens(query)
  if (words.length === 0) return [...items]
  return items.filter((item) => words.every((word) => item.search.includes(` ${word}`)))
}
