// Drizzle wraps a database error as "Failed query: <the whole SQL>": kept as is, the cause was cut off.

/** Causes followed at most: a cycle or a runaway chain ends here. */
const MAX_DEPTH = 8

type Described = { message: string; code: string | null; detail: string | null }

function field(value: object, name: string): string | null {
  const found: unknown = Reflect.get(value, name)
  return typeof found === 'string' && found !== '' ? found : null
}

function describeError(error: unknown): Described {
  if (!(error instanceof Error)) return { message: String(error), code: null, detail: null }
  return {
    message: error.message || error.name,
    code: field(error, 'code'),
    detail: field(error, 'detail'),
  }
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [error]
  let current = error
  while (chain.length < MAX_DEPTH && current instanceof Error && current.cause !== undefined) {
    if (chain.includes(current.cause)) break
    chain.push(current.cause)
    current = current.cause
  }
  return chain
}

// Bound values are user data (and most of a long list's text); the statement is enough context.
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:')
  return at === -1 ? message : message.slice(0, at)
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** Root cause first ("<message> [<code>] <detail>"), then the outer messages, at most `max` characters. */
export function jobErrorText(error: unknown, max = 2000): string {
  const chain = causeChain(error).map(describeError)
  const root = chain[chain.length - 1] ?? describeError(error)
  const head = [root.message, root.code && `[${root.code}]`, root.detail]
    .filter((part) => part)
    .join(' ')
  const context = chain
    .slice(0, -1)
    .reverse()
    .map((outer) => withoutParams(outer.message))
    .filter((message) => message !== '' && message !== root.message)
  return clip([head, ...context].join(' — '), max)
}
