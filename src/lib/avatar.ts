/* What an avatar without a picture shows: initials on a colour of its own. */

/** Two letters for an avatar: initials of the first two words, else the first two letters. */
export function initials(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  const letters =
    words.length >= 2
      ? [[...(words[0] ?? '')][0], [...(words[1] ?? '')][0]]
      : [...(words[0] ?? '')].slice(0, 2)
  const text = letters.join('').toLocaleUpperCase()
  return text || '?'
}

/** A stable hue from an id, so the same entry keeps its colour everywhere. */
export function hueOf(id: string): number {
  let hash = 0
  for (let index = 0; index < id.length; index++) {
    hash = (hash * 31 + id.charCodeAt(index)) >>> 0
  }
  return hash % 360
}
