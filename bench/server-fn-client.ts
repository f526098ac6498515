/**
 * Calls the production build's server functions over HTTP without a browser:
 * their ids come from the build's own manifest, and the payload and answers
 * use the JSON node format of seroval (the library TanStack Start's client
 * uses), limited to the plain values the benches send and read.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Server function name (`createGroup`) → its id in this build. */
export function serverFunctionIds(entry: string): Map<string, string> {
  const ssr = readFileSync(join(entry, '..', '_ssr/ssr.mjs'), 'utf8')
  const ids = new Map<string, string>()
  const pattern = /"([0-9a-f]{64}(?:_\d+)?)": \{\s*functionName: "(\w+)_createServerFn_handler"/g
  for (const match of ssr.matchAll(pattern)) {
    const [, id, name] = match
    if (id && name) ids.set(name, id)
  }
  if (ids.size === 0) throw new Error('no server functions found in the build manifest')
  return ids
}

export type Plain =
  | string
  | number
  | boolean
  | null
  | undefined
  | Plain[]
  | { [key: string]: Plain }

/**
 * seroval escapes a string as JSON does, and `<` and the two Unicode line
 * separators beyond that (for embedding in a script); those are not sent here.
 */
const NOT_SENT = /[<\u2028\u2029]/
const escapeString = (value: string) => JSON.stringify(value).slice(1, -1)
const unescapeString = (value: string): string =>
  value.includes('\\') ? String(JSON.parse(`"${value.replaceAll('\\x3C', '\\u003C')}"`)) : value

/** A value as seroval's JSON nodes (what `toJSONAsync({ data })` gives for plain data). */
export function encodePayload(data: Plain): string {
  let nextId = 0
  const node = (value: Plain): unknown => {
    if (value === null) return { t: 2, s: 0 }
    if (value === undefined) return { t: 2, s: 1 }
    if (value === true) return { t: 2, s: 2 }
    if (value === false) return { t: 2, s: 3 }
    if (typeof value === 'number') return { t: 0, s: value }
    if (typeof value === 'string') {
      if (NOT_SENT.test(value)) throw new Error(`cannot encode the string ${value}`)
      return { t: 1, s: escapeString(value) }
    }
    const i = nextId++
    if (Array.isArray(value)) return { t: 9, i, a: value.map(node), o: 0 }
    const keys = Object.keys(value)
    return { t: 10, i, p: { k: keys, v: keys.map((key) => node(value[key])) }, o: 0 }
  }
  // `f`: seroval's feature flags (all on, as the app's client sends them); `m`: no shared references.
  return JSON.stringify({ t: node({ data }), f: 127, m: [] })
}

type Node = { t: number; i?: number; s?: unknown; a?: Node[]; p?: { k: string[]; v: Node[] } }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && 't' in value && typeof value.t === 'number'

/** A thrown error on the wire: the app's AppError (code) or any other (its message). */
export class WireError {
  readonly code: string
  readonly message: string
  constructor(code: string, message: string) {
    this.code = code
    this.message = message
  }
}

/** Reads seroval's JSON nodes back into plain values; errors become WireError. */
export function decodeNodes(root: unknown): unknown {
  const seen = new Map<number, unknown>()
  const decode = (value: unknown): unknown => {
    if (!isNode(value)) throw new Error(`not a seroval node: ${JSON.stringify(value)}`)
    const keep = <T>(decoded: T): T => {
      if (value.i !== undefined) seen.set(value.i, decoded)
      return decoded
    }
    switch (value.t) {
      case 0:
        return value.s
      case 1:
        return unescapeString(String(value.s))
      case 2:
        return [null, undefined, true, false, -0, Infinity, -Infinity, Number.NaN][Number(value.s)]
      case 4:
        return seen.get(Number(value.i))
      case 9:
        return keep((value.a ?? []).map(decode))
      case 10:
      case 11: {
        const object: Record<string, unknown> = keep({})
        const props = value.p ?? { k: [], v: [] }
        props.k.forEach((key, at) => {
          object[key] = decode(props.v[at])
        })
        return object
      }
      case 25: {
        const payload = value.s
        const inner =
          typeof payload === 'object' && payload !== null && 'v' in payload ? payload.v : undefined
        const decoded = isNode(inner) ? decode(inner) : undefined
        if (typeof decoded === 'object' && decoded !== null && 'code' in decoded) {
          return keep(new WireError(String(decoded.code), String(decoded.code)))
        }
        const message =
          typeof payload === 'object' && payload !== null && 'message' in payload
            ? decode(payload.message)
            : ''
        return keep(new WireError('ERROR', String(message)))
      }
      default:
        throw new Error(`seroval node type ${value.t} is not read here`)
    }
  }
  return decode(root)
}

export type CallResult =
  | { ok: true; status: number; value: unknown; ms: number }
  | { ok: false; status: number; kind: string; detail: string; ms: number }

export type CallOptions = {
  base: string
  id: string
  method: 'GET' | 'POST'
  data?: Plain
  headers?: Record<string, string>
  timeoutMs?: number
}

/**
 * One server-function call as the app's client sends it. `ok` only for a 2xx
 * whose body is a result (a thrown error comes back as a 2xx with `error`).
 * A raw response (the tree) is read as JSON.
 */
export async function callServerFunction(options: CallOptions): Promise<CallResult> {
  const started = performance.now()
  const payload = options.data === undefined ? undefined : encodePayload(options.data)
  let url = `${options.base}/_serverFn/${options.id}`
  if (options.method === 'GET' && payload) url += `?payload=${encodeURIComponent(payload)}`
  const failed = (status: number, kind: string, detail: string): CallResult => ({
    ok: false,
    status,
    kind,
    detail,
    ms: performance.now() - started,
  })
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: options.method,
      headers: {
        'x-tsr-serverFn': 'true',
        accept: 'application/json',
        origin: options.base,
        ...(options.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.method === 'POST' ? payload : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    })
    text = await response.text()
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error'
    return failed(0, name === 'TimeoutError' ? 'timeout' : 'network', String(error))
  }
  const status = response.status
  if (status < 200 || status >= 300) return failed(status, `http-${status}`, text.slice(0, 300))
  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    return failed(status, 'unreadable', text.slice(0, 300))
  }
  if (response.headers.get('x-tss-raw') === 'true') {
    return { ok: true, status, value: body, ms: performance.now() - started }
  }
  let decoded: unknown
  try {
    decoded = decodeNodes(body)
  } catch (error) {
    return failed(status, 'unreadable', String(error))
  }
  if (typeof decoded === 'object' && decoded !== null && 'error' in decoded) {
    const error = decoded.error
    if (error instanceof WireError) return failed(status, error.code, error.message.slice(0, 300))
    return failed(status, 'ERROR', JSON.stringify(error).slice(0, 300))
  }
  const value =
    typeof decoded === 'object' && decoded !== null && 'result' in decoded
      ? decoded.result
      : decoded
  return { ok: true, status, value, ms: performance.now() - started }
}
