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
 * One JSON object per line. Callers pass named fields only; request bodies,
 * cookies and headers are never handed to the logger, so they cannot leak.
 */
function write(level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Fields) {
  if (LEVELS[level] < threshold()) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

export const log = {
  debug: (msg: string, fields?: Fields) => write('debug', msg, fields),
  info: (msg: string, fields?: Fields) => write('info', msg, fields),
  warn: (msg: string, fields?: Fields) => write('warn', msg, fields),
  error: (msg: string, fields?: Fields) => write('error', msg, fields),
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
