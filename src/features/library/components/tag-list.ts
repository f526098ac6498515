/** Adds comma-separated tags to a list, skipping blanks and case-insensitive duplicates. */
export function addTags(tags: readonly string[], text: string): string[] {
  const next = [...tags]
  const seen = new Set(tags.map((tag) => tag.toLocaleLowerCase()))
  for (const part of text.split(',')) {
    const tag = part.normalize('NFC').trim()
    const key = tag.toLocaleLowerCase()
    if (!tag || seen.has(key)) continue
    seen.add(key)
    next.push(tag)
  }
  return next
}
