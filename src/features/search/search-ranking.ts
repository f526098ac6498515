// Shared by the server and the dialog. Pure.

/** Case, accents and width folded, spaces collapsed: "Música  Ao Vivo" → "musica ao vivo". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('und')
    .replace(/\s+/g, ' ')
    .trim()
}

function words(folded: string): string[] {
  return folded.split(' ').filter((word) => word.length > 0)
}

/** 0 when a query word is found nowhere; else exact 5, prefix 4, word prefix 3, contains 2, across name and context 1. */
export function matchScore(query: string, name: string, context: readonly string[] = []): number {
  const q = foldForSearch(query)
  if (q === '') return 0
  const n = foldForSearch(name)
  if (n === q) return 5
  if (n.startsWith(q)) return 4
  if (words(n).some((word) => word.startsWith(q))) return 3
  if (n.includes(q)) return 2
  const haystack = [n, ...context.map(foldForSearch)].join(' ')
  return words(q).every((word) => haystack.includes(word)) ? 1 : 0
}

export type Candidate<T> = { item: T; name: string; context?: readonly string[] }

/** The best `limit` matches, best first; ties go to the shorter name, then alphabetical order. */
export function rankMatches<T>(
  query: string,
  candidates: readonly Candidate<T>[],
  limit: number,
): T[] {
  return candidates
    .map((candidate) => ({
      candidate,
      score: matchScore(query, candidate.name, candidate.context),
    }))
    .filter((scored) => scored.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.candidate.name.length - b.candidate.name.length ||
        a.candidate.name.localeCompare(b.candidate.name),
    )
    .slice(0, limit)
    .map((scored) => scored.candidate.item)
}

type TreeRow = { id: string; parentId: string | null; name: string }

// Stops where the visible set stops: a member sees a shared subtree, not its owner's parents.
export function ancestorNames(rows: readonly TreeRow[]): Map<string, string[]> {
  const byId = new Map(rows.map((row) => [row.id, row]))
  const paths = new Map<string, string[]>()
  const pathOf = (row: TreeRow, seen: Set<string>): string[] => {
    const known = paths.get(row.id)
    if (known) return known
    const parent = row.parentId === null ? undefined : byId.get(row.parentId)
    // A cycle cannot be stored, but a walk must never spin on bad data.
    const path =
      parent && !seen.has(parent.id) ? [...pathOf(parent, seen.add(row.id)), parent.name] : []
    paths.set(row.id, path)
    return path
  }
  for (const row of rows) pathOf(row, new Set())
  return paths
}
