// A line is one entry: a line of several channels gives each, but at most one problem row
// ("hello world" is one row, not two).

/** What one word of a line is: something to keep, or why not (with how much it was meant). */
export type WordReading<T, C extends string> = { value: T } | { problem: C }

export type LineEntry<T, C extends string> = { line: number; input: string } & (
  | { value: T; problem: null }
  | { value: null; problem: C }
)

export type LineReader<T, C extends string> = {
  read: (word: string) => WordReading<T, C>
  /** How surely a problem word was meant as an entry; beside a kept value, weight-0 words are labels and make no row. */
  weight: (problem: C) => number
}

const WORD_RE = /[^\s,]+/gu

export function* wordsOf(line: string): Generator<string> {
  const words = new RegExp(WORD_RE)
  for (let word = words.exec(line); word !== null; word = words.exec(line)) yield word[0]
}

/** Non-blank lines with their 1-based numbers (CRLF, LF or CR), lazily: a file can be 10 MB. */
export function* linesOf(text: string): Generator<{ line: number; content: string }> {
  const breaks = /\r\n|\r|\n/g
  let start = 0
  let line = 0
  for (;;) {
    breaks.lastIndex = start
    const found = breaks.exec(text)
    const end = found === null ? text.length : found.index
    line++
    const content = text.slice(start, end)
    if (content.trim() !== '') yield { line, content }
    if (found === null) return
    start = end + found[0].length
  }
}

export function readLine<T, C extends string>(
  line: number,
  content: string,
  reader: LineReader<T, C>,
): LineEntry<T, C>[] {
  const entries: LineEntry<T, C>[] = []
  const problems: { input: string; problem: C }[] = []
  for (const word of wordsOf(content)) {
    const reading = reader.read(word)
    if ('value' in reading) entries.push({ line, input: word, value: reading.value, problem: null })
    else problems.push({ input: word, problem: reading.problem })
  }
  const [first] = problems
  if (first === undefined) return entries
  // The surest problem names the row; on a tie, the first.
  const surest = problems.reduce((best, next) =>
    reader.weight(next.problem) > reader.weight(best.problem) ? next : best,
  )
  if (entries.length === 0) {
    return [{ line, input: content.trim(), value: null, problem: surest.problem }]
  }
  const meant = problems.filter((word) => reader.weight(word.problem) > 0)
  if (meant.length > 0) {
    const input = meant.map((word) => word.input).join(' ')
    entries.push({ line, input, value: null, problem: surest.problem })
  }
  return entries
}

export function* readPastedLines<T, C extends string>(
  text: string,
  reader: LineReader<T, C>,
): Generator<LineEntry<T, C>> {
  for (const { line, content } of linesOf(text)) yield* readLine(line, content, reader)
}
