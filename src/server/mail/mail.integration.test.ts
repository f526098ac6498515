import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { getDb } from '../database.server'
import { resetEnvCacheForTests } from '../env.server'
import { runShutdown } from '../lifecycle.server'
import { listOutbox, type MailMessage, sendMail } from './mail.server'

type Received = { from: string; to: string[]; raw: string }

/** Resolves once the database's clock reads later than the newest mail's timestamp. */
async function untilClockPassesNewestMail() {
  const db = await getDb()
  await vi.waitFor(
    async () => {
      const [row] = await db
        .select({ later: sql<boolean>`now() > max(${mailOutbox.createdAt})` })
        .from(mailOutbox)
      expect(row?.later).toBe(true)
    },
    { timeout: 20_000, interval: 1 },
  )
}

/** Addresses at this domain are refused at RCPT TO, as a real server refuses unknown users. */
const REFUSED_DOMAIN = 'refused.test'

const received: Received[] = []
let server: SMTPServer
let smtpPort = 0

const savedEnv = { ...process.env }
const ENV_KEYS = ['SMTP_URL', 'BASE_URL', 'MAIL_FROM']

function useEnv(overrides: Record<string, string | undefined>) {
  for (const key of ENV_KEYS) delete process.env[key]
  // Vitest puts Vite's BASE_URL ('/') into process.env; the app's env needs a real URL.
  process.env.BASE_URL = 'http://127.0.0.1:3000'
  process.env.MAIL_FROM = 'Tubefold <no-reply@tubefold.test>'
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) process.env[key] = value
  }
  resetEnvCacheForTests()
}

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ana@example.com',
    subject: 'Welcome to Tubefold',
    text: 'Hello Ana,\nyour account is ready.',
    html: '<p>Hello Ana,<br>your account is ready.</p>',
    ...overrides,
  }
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const source = body.replace(/=\r?\n/g, '')
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3)
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(source[i] ?? ''))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function headerOf(block: string, name: string): string | undefined {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ')
  const match = unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))
  return match?.[1]?.trim()
}

/** Just enough MIME for this test: top-level headers and the decoded parts by content type. */
function parseMime(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const boundary = headerOf(headers, 'Content-Type')?.match(/boundary="?([^";]+)"?/)?.[1]
  const parts = new Map<string, string>()
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
      const part = chunk.replace(/^\r\n/, '')
      const at = part.indexOf('\r\n\r\n')
      const partHeaders = part.slice(0, at)
      let content = part.slice(at + 4).replace(/\r\n$/, '')
      const encoding = headerOf(partHeaders, 'Content-Transfer-Encoding')?.toLowerCase()
      if (encoding === 'quoted-printable') content = decodeQuotedPrintable(content)
      if (encoding === 'base64') content = Buffer.from(content, 'base64').toString('utf8')
      const type = headerOf(partHeaders, 'Content-Type')?.split(';')[0]?.trim() ?? ''
      parts.set(type, content.replace(/\r\n/g, '\n'))
    }
  }
  return { headers, parts }
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith(`@${REFUSED_DOMAIN}`)) {
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.server.address()
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port')
  smtpPort = address.port
})

afterAll(async () => {
  await runShutdown()
  await new Promise<void>((resolve) => server.close(resolve))
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key]
    else process.env[key] = savedEnv[key]
  }
  resetEnvCacheForTests()
})

beforeEach(async () => {
  received.length = 0
  await (await getDb()).delete(mailOutbox)
})

afterEach(() => {
  resetEnvCacheForTests()
})

describe('sendMail without SMTP_URL', () => {
  beforeEach(() => useEnv({}))

  it('writes the message to the outbox', async () => {
    await sendMail(message({ replyTo: 'reply@example.com' }))

    const rows = await (await getDb()).select().from(mailOutbox)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      from: 'Tubefold <no-reply@tubefold.test>',
      to: 'ana@example.com',
      replyTo: 'reply@example.com',
      subject: 'Welcome to Tubefold',
      text: 'Hello Ana,\nyour account is ready.',
      html: '<p>Hello Ana,<br>your account is ready.</p>',
    })
    expect(received).toEqual([])
  })

  it('lists the outbox newest first, up to the limit', async () => {
    for (const subject of ['first', 'second', 'third']) {
      await sendMail(message({ subject }))
      // Distinct timestamps even on a coarse clock: the next mail is stamped later.
      await untilClockPassesNewestMail()
    }

    const all = await listOutbox()
    expect(all.map((mail) => mail.subject)).toEqual(['third', 'second', 'first'])
    expect(all[0]).toMatchObject({ to: 'ana@example.com', text: message().text })
    expect(all[0]?.createdAt).toBeInstanceOf(Date)

    const latest = await listOutbox(2)
    expect(latest.map((mail) => mail.subject)).toEqual(['third', 'second'])
  })
})

describe('sendMail with SMTP_URL', () => {
  beforeEach(() => useEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }))

  it('delivers through the SMTP server with subject, html and text parts', async () => {
    await sendMail(
      message({
        to: 'bruno@example.com',
        replyTo: 'help@example.com',
        subject: 'Sua conta está pronta',
        html: '<p>Olá, <strong>Bruno</strong>! Ação concluída.</p>',
        text: 'Olá, Bruno! Ação concluída.',
      }),
    )

    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail?.from).toBe('no-reply@tubefold.test')
    expect(mail?.to).toEqual(['bruno@example.com'])
    const { headers, parts } = parseMime(mail?.raw ?? '')
    expect(headers).toMatch(/^Subject: =\?UTF-8\?/im)
    expect(decodeSubject(headerOf(headers, 'Subject') ?? '')).toBe('Sua conta está pronta')
    expect(headerOf(headers, 'From')).toBe('Tubefold <no-reply@tubefold.test>')
    expect(headerOf(headers, 'To')).toBe('bruno@example.com')
    expect(headerOf(headers, 'Reply-To')).toBe('help@example.com')
    expect(headerOf(headers, 'Content-Type')).toMatch(/^multipart\/alternative/)
    expect(parts.get('text/plain')).toBe('Olá, Bruno! Ação concluída.')
    expect(parts.get('text/html')).toBe('<p>Olá, <strong>Bruno</strong>! Ação concluída.</p>')

    // SMTP delivery does not also write to the outbox.
    expect(await listOutbox()).toEqual([])
  })

  it('carries extra headers such as RFC 8058 one-click unsubscribe', async () => {
    const url = 'https://tubefold.test/api/unsubscribe?token=abc.digest.def'
    await sendMail(
      message({
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    )
    const { headers } = parseMime(received[0]?.raw ?? '')
    expect(headerOf(headers, 'List-Unsubscribe')).toBe(`<${url}>`)
    expect(headerOf(headers, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  })

  it('throws MAIL_FAILED and writes nothing when the server refuses the recipient', async () => {
    const failure = await sendMail(message({ to: `nobody@${REFUSED_DOMAIN}` })).then(
      () => undefined,
      (error: unknown) => error,
    )

    expect(failure).toBeInstanceOf(AppError)
    expect(failure).toMatchObject({ code: 'MAIL_FAILED' })
    expect(received).toEqual([])
    expect(await listOutbox()).toEqual([])
  })

  it('keeps working for the next message after a refusal', async () => {
    await expect(sendMail(message({ to: `x@${REFUSED_DOMAIN}` }))).rejects.toThrow(AppError)
    await sendMail(message({ subject: 'After the refusal' }))
    expect(received).toHaveLength(1)
    expect(headerOf(parseMime(received[0]?.raw ?? '').headers, 'Subject')).toBe('After the refusal')
  })
})

/** Decodes RFC 2047 encoded words (B and Q) in a header value. */
function decodeSubject(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}
