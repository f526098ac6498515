/**
 * A real SMTP server on 127.0.0.1 that keeps every message it is sent, parsed,
 * so end-to-end tests can read the mails the app sends (confirmation, reset)
 * and follow their links. Nothing is relayed anywhere.
 */
import { type AddressObject, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Mail = {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  receivedAt: Date
}

export type MailQuery = {
  /** A recipient address (compared case-insensitively). */
  to: string
  subject?: RegExp
  /** Milliseconds to wait before failing; 10 s unless told. */
  timeout?: number
}

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`, for the app's SMTP_URL. */
  readonly url: string
  readonly port: number
  /** Every mail received so far, oldest first. */
  readonly mails: readonly Mail[]
  /** Mails received so far for one address (case-insensitive), oldest first. */
  mailsTo: (address: string) => Mail[]
  /**
   * The oldest matching mail that no earlier `waitForMail` call returned,
   * waiting for one to arrive if there is none yet. Calling it twice for the
   * same query therefore yields the first, then the second mail.
   */
  waitForMail: (query: MailQuery) => Promise<Mail>
  close: () => Promise<void>
}

const DEFAULT_TIMEOUT_MS = 10_000

function addressesOf(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  )
}

function matches(mail: Mail, query: MailQuery): boolean {
  return (
    mail.to.includes(query.to.toLowerCase()) && (!query.subject || query.subject.test(mail.subject))
  )
}

/** Starts the sink on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: Mail[] = []
  const taken = new Set<Mail>()
  const listeners = new Set<() => void>()

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app's mails are small; anything larger is a bug worth a failure.
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
          mails.push({
            to: envelope.length > 0 ? envelope : addressesOf(parsed.to),
            from: addressesOf(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date(),
          })
          for (const listener of listeners) listener()
          callback()
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        )
    },
  })

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    const listening = server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      const address = listening.address()
      if (address && typeof address === 'object') resolve(address.port)
      else reject(new Error(`SMTP sink: unexpected listen address ${String(address)}`))
    })
  })
  // Errors after start-up (a client dropping mid-message) must not crash the test run.
  server.on('error', () => {})

  const takeMatch = (query: MailQuery): Mail | undefined => {
    const mail = mails.find((candidate) => !taken.has(candidate) && matches(candidate, query))
    if (mail) taken.add(mail)
    return mail
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    mailsTo: (address) => mails.filter((mail) => mail.to.includes(address.toLowerCase())),
    waitForMail(query) {
      const found = takeMatch(query)
      if (found) return Promise.resolve(found)
      const timeout = query.timeout ?? DEFAULT_TIMEOUT_MS
      return new Promise<Mail>((resolve, reject) => {
        const check = () => {
          const mail = takeMatch(query)
          if (!mail) return
          clearTimeout(timer)
          listeners.delete(check)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          const seen = mails.map((mail) => `${mail.to.join(',')}: ${mail.subject}`)
          reject(
            new Error(
              `No mail to ${query.to}${query.subject ? ` with subject ${query.subject}` : ''} within ${timeout} ms; received: ${JSON.stringify(seen)}`,
            ),
          )
        }, timeout)
        listeners.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The first link in a mail (plain text first, then HTML) whose path starts
 * with `pathPrefix`, as an absolute URL. Fails when there is none.
 */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const fromText = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? []
  const fromHtml = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  )
  for (const candidate of [...fromText, ...fromHtml]) {
    try {
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate
    } catch {
      // Not a URL: keep looking.
    }
  }
  throw new Error(`No link to ${pathPrefix}… in the mail "${mail.subject}":\n${mail.text}`)
}
