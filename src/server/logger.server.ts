const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type LogLevel = keyof typeof LEVELS
type Fields = Record<string, string | number | boolean | null | undefined>

function isLogLevel(value: string | undefined): value is LogLevel {
  return value !== undefined && value in LEVELS
}

let override: LogLevel | undefined

/** Tests and tools may set the level directly; otherwise LOG_LEVEL, read on every line. */
export function setLogLevel(level: LogLevel) {
  override = level
}

function threshold(): number {
  const level = override ?? process.env.LOG_LEVEL
  return LEVELS[isLogLevel(level) ? level : 'info']
}

/**
 * Info and debug lines leave in one write at the end of the turn: Node writes stdout
 * synchronously, and a write per request was a large share of a busy server's time.
 * Warnings and errors go at once, after what is waiting, so the order holds.
 */
let waiting = ''
let flushQueued = false
const FLUSH_AT_CHARS = 64 * 1024

export function flushLog() {
  if (waiting === '') return
  const chunk = waiting
  waiting = ''
  process.stdout.write(chunk)
}

process.on('exit', flushLog)

function queueLine(line: string) {
  waiting += line
  if (waiting.length >= FLUSH_AT_CHARS) flushLog()
  if (flushQueued) return
  flushQueued = true
  setImmediate(() => {
    flushQueued = false
    flushLog()
  })
}

// Callers pass named fields only; bodies, cookies and headers never reach the logger, so they cannot leak.
function logLine(level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Fields) {
  if (LEVELS[level] < threshold()) return
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`
  if (level === 'error' || level === 'warn') {
    flushLog()
    process.stderr.write(line)
  } else {
    queueLine(line)
  }
}

export const log = {
  debug: (msg: string, fields?: Fields) => logLine('debug', msg, fields),
  info: (msg: string, fields?: Fields) => logLine('info', msg, fields),
  warn: (msg: string, fields?: Fields) => logLine('warn', msg, fields),
  error: (msg: string, fields?: Fields) => logLine('error', msg, fields),
}

/** Path segments after these prefixes are tokens or addresses: logged as `:redacted`. */
const SECRET_PREFIXES = [
  '/subscriptions/confirm/',
  '/reset-password/',
  '/forgot-password/success/',
  '/share/group/',
  '/invitations/',
  '/api/auth/reset-password/',
  '/api/auth/verify-email',
]

export function redactPath(pathname: string): string {
  for (const prefix of SECRET_PREFIXES) {
    if (pathname.startsWith(prefix)) return `${prefix}:redacted`
  }
  return pathname
}
