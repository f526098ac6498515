/*
 * A Web Push service on 127.0.0.1: it hands out subscriptions (a P-256 key
 * pair and an auth secret it keeps), and for every message posted to one it
 * checks what a real push service checks — `Content-Encoding: aes128gcm`, a
 * `TTL`, and `Authorization: vapid t=<JWT>, k=<key>` whose ES256 signature
 * verifies with k and whose audience is this origin — then decrypts the body
 * (RFC 8291/8188) as the browser would. A subscription can be told to answer
 * 410 Gone, as services do for an expired one. Plain TypeScript that `node`
 * runs as is; its own server, because the bodies are binary.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { z } from 'zod'

export type FakeSubscription = {
  name: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export type PushMessage = {
  name: string
  /** The decrypted payload, or null when a check failed (see `problem`). */
  payload: string | null
  problem: string | null
  headers: Record<string, string>
}

type Held = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answer: number }

export type PushFake = {
  url: string
  port: number
  messages: PushMessage[]
  subscribe(name: string): FakeSubscription
  /** Every later message to this subscription gets `status` (e.g. 410) instead of 201. */
  answer(name: string, status: number): void
  reset(): void
  close(): Promise<void>
}

const b64url = (bytes: Buffer) => bytes.toString('base64url')

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

const claimsSchema = z.object({ aud: z.string(), exp: z.number(), sub: z.string() })

/** Checks the VAPID header: a signed ES256 JWT for this origin, not expired, with its key. */
function vapidProblem(header: string | undefined, origin: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '')
  if (!match?.[1] || !match[2]) return 'Authorization is not "vapid t=…, k=…"'
  const [head, claims, signature] = match[1].split('.')
  const raw = Buffer.from(match[2], 'base64url')
  if (raw.length !== 65 || !head || !claims || !signature) return 'bad VAPID key or token'
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) return 'VAPID signature does not verify'
  const parsed = claimsSchema.safeParse(
    JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')),
  )
  if (!parsed.success) return 'VAPID claims unreadable'
  const { aud, exp, sub } = parsed.data
  if (aud !== origin) return `VAPID audience ${aud} is not ${origin}`
  if (exp * 1000 < Date.now()) return 'VAPID token expired'
  if (!/^(mailto:|https:)/.test(sub)) return 'VAPID subject missing'
  return null
}

/** RFC 8291 with RFC 8188's aes128gcm, one record: what the browser does on receipt. */
export function decryptPush(body: Buffer, held: Pick<Held, 'ecdh' | 'auth'>): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const shared = held.ecdh.computeSecret(senderKey)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), held.ecdh.getPublicKey(), senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, held.auth, info, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ])
  // The last record ends with a 0x02 delimiter, then zero padding.
  const end = plain.lastIndexOf(2)
  if (end < 0) throw new Error('no record delimiter')
  return plain.subarray(0, end).toString('utf8')
}

function send(res: ServerResponse, status: number, body = '') {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

export async function startPushFake(
  options: { port?: number; host?: string } = {},
): Promise<PushFake> {
  const host = options.host ?? '127.0.0.1'
  const held = new Map<string, Held>()
  const messages: PushMessage[] = []
  let origin = ''

  function subscribe(name: string): FakeSubscription {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    held.set(name, { ecdh, auth, answer: 201 })
    return {
      name,
      endpoint: `${origin}/push/${encodeURIComponent(name)}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    }
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin)
      const body = await readBody(req)
      // Control endpoints for a Playwright spec in another process.
      if (url.pathname === '/__fake/subscribe' && req.method === 'POST') {
        return send(res, 200, JSON.stringify(subscribe(url.searchParams.get('name') ?? 'browser')))
      }
      if (url.pathname === '/__fake/messages') return send(res, 200, JSON.stringify(messages))
      if (url.pathname === '/__fake/answer' && req.method === 'POST') {
        const entry = held.get(url.searchParams.get('name') ?? '')
        if (entry) entry.answer = Number(url.searchParams.get('status') ?? 201)
        return send(res, 204)
      }
      if (url.pathname === '/__fake/reset' && req.method === 'POST') {
        messages.length = 0
        return send(res, 204)
      }
      const name = decodeURIComponent(url.pathname.replace(/^\/push\//, ''))
      const entry = url.pathname.startsWith('/push/') ? held.get(name) : undefined
      if (!entry || req.method !== 'POST') return send(res, 404)
      const headers: Record<string, string> = {}
      for (const [key, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[key] = value
      const problem =
        headers['content-encoding'] !== 'aes128gcm'
          ? 'Content-Encoding is not aes128gcm'
          : !/^\d+$/.test(headers.ttl ?? '')
            ? 'TTL missing'
            : vapidProblem(headers.authorization, origin)
      let payload: string | null = null
      let failure = problem
      if (!failure) {
        try {
          payload = decryptPush(body, entry)
        } catch (error) {
          failure = `cannot decrypt: ${String(error)}`
        }
      }
      messages.push({ name, payload, problem: failure, headers })
      if (failure) return send(res, 400, JSON.stringify({ error: failure }))
      return send(res, entry.answer)
    } catch (error) {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: String(error) }))
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  origin = `http://${host}:${port}`
  return {
    url: origin,
    port,
    messages,
    subscribe,
    answer(name, status) {
      const entry = held.get(name)
      if (entry) entry.answer = status
    },
    reset() {
      messages.length = 0
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}
