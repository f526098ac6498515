import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

/** Like booleanString, but unset stays undefined so a default can depend on other variables. */
const optionalBooleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value ? value === 'true' || value === '1' : undefined))

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))

const baseUrl = (fallback: string) =>
  optionalString
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional())
    .transform((value) => (value ?? fallback).replace(/\/+$/, ''))

/** A count of units, or unset so the default can follow another variable. */
const optionalUnits = optionalString.pipe(
  z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).optional(),
)

/** Every variable the server reads; README's configuration table mirrors this. */
export const envSchema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('production'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Tubefold <no-reply@tubefold.localhost>'),
    SUPPORT_EMAIL: z.email().default('support@tubefold.localhost'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    POSTHOG_KEY: optionalString,
    POSTHOG_HOST: z.url().default('https://us.i.posthog.com'),
    /** YouTube Data API key; without it channels are resolved from their public pages. */
    YOUTUBE_API_KEY: optionalString,
    YOUTUBE_API_BASE_URL: baseUrl('https://www.googleapis.com/youtube/v3'),
    YOUTUBE_WEB_BASE_URL: baseUrl('https://www.youtube.com'),
    /** Data API units the app may spend per Pacific day; work pauses at it until the reset. */
    YOUTUBE_DAILY_QUOTA: z.coerce.number().int().min(0).default(10_000),
    /** One confirmed user's daily share of it (look-ups, imports); unset: a tenth of the quota. */
    YOUTUBE_USER_DAILY_UNITS: optionalUnits,
    /** The share of an account whose address is not confirmed yet; unset: a fiftieth. */
    YOUTUBE_UNCONFIRMED_DAILY_UNITS: optionalUnits,
    YOUTUBE_FEED_BASE_URL: baseUrl('https://www.youtube.com'),
    GOOGLE_OAUTH_AUTHORIZE_URL: baseUrl('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_OAUTH_TOKEN_URL: baseUrl('https://oauth2.googleapis.com/token'),
    GOOGLE_OAUTH_REVOKE_URL: baseUrl('https://oauth2.googleapis.com/revoke'),
    /** 32 bytes, base64 or hex: seals OAuth tokens at rest. Outside production one is kept in DATA_DIR. */
    TOKEN_ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .regex(
          /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
          'must be 32 bytes: 64 hex digits or base64',
        )
        .optional(),
    ),
    ANILIST_API_URL: baseUrl('https://graphql.anilist.co'),
    /** Stripe secret key; unset: a self-hosted instance, every feature unlocked, no billing. */
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_PRO_MONTHLY: optionalString,
    STRIPE_PRICE_PRO_YEARLY: optionalString,
    /** Priced per member per month; the quantity follows the people shared with. */
    STRIPE_PRICE_BUSINESS: optionalString,
    /** Stripe's API origin; tests and `npm run dev:fakes` point it at the local fake. */
    STRIPE_API_BASE_URL: baseUrl('https://api.stripe.com'),
    /** Web Push (VAPID) key pair, base64url; unset: generated once into DATA_DIR. Instances sharing a database must share it. */
    VAPID_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
        .optional(),
    ),
    /** Who push services may contact about our pushes: mailto: or https:; unset: SUPPORT_EMAIL. */
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)\S+$/, 'must start with mailto: or https://')
        .optional(),
    ),
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    DEMO_MODE: booleanString,
    TRUST_PROXY: booleanString,
    /** Run background jobs in this process; on by default, off under APP_ENV=test unless set. */
    JOBS_ENABLED: optionalBooleanString,
    /** On SIGTERM/SIGINT, how long requests already in flight may take before they are cut. */
    SHUTDOWN_GRACE_MS: optionalUnits
      .pipe(z.number().max(600_000, 'must be at most 600000 (10 minutes)').optional())
      .transform((value) => value ?? 10_000),
  })
  .superRefine((value, ctx) => {
    if (value.STRIPE_SECRET_KEY) {
      for (const name of [
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_PRO_MONTHLY',
        'STRIPE_PRICE_PRO_YEARLY',
        'STRIPE_PRICE_BUSINESS',
      ] as const) {
        if (!value[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required with STRIPE_SECRET_KEY',
          })
      }
    }
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      })
    if (value.APP_ENV !== 'production') return
    if (!value.AUTH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' })
    if (!value.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production' })
    if (value.GOOGLE_CLIENT_ID && !value.TOKEN_ENCRYPTION_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['TOKEN_ENCRYPTION_KEY'],
        message: 'is required in production when GOOGLE_CLIENT_ID is set',
      })
  })

type ParsedEnv = z.infer<typeof envSchema>
export type Env = Omit<
  ParsedEnv,
  | 'AUTH_SECRET'
  | 'BASE_URL'
  | 'JOBS_ENABLED'
  | 'YOUTUBE_USER_DAILY_UNITS'
  | 'YOUTUBE_UNCONFIRMED_DAILY_UNITS'
> & {
  AUTH_SECRET: string
  BASE_URL: string
  JOBS_ENABLED: boolean
  YOUTUBE_USER_DAILY_UNITS: number
  YOUTUBE_UNCONFIRMED_DAILY_UNITS: number
  dataDir: string
  embedded: boolean
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Outside production a missing AUTH_SECRET (or token key) is generated once and kept in DATA_DIR. */
function persistedSecret(dataDir: string, name = 'auth-secret'): string {
  const file = join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    )
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const parsed = result.data
  const dataDir = resolve(parsed.DATA_DIR)
  return {
    ...parsed,
    dataDir,
    embedded: !parsed.DATABASE_URL,
    BASE_URL: (parsed.BASE_URL ?? `http://${parsed.HOST}:${parsed.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: parsed.AUTH_SECRET ?? persistedSecret(dataDir),
    TOKEN_ENCRYPTION_KEY:
      parsed.TOKEN_ENCRYPTION_KEY ??
      (parsed.APP_ENV === 'production' ? undefined : persistedSecret(dataDir, 'token-key')),
    JOBS_ENABLED: parsed.JOBS_ENABLED ?? parsed.APP_ENV !== 'test',
    YOUTUBE_USER_DAILY_UNITS:
      parsed.YOUTUBE_USER_DAILY_UNITS ?? Math.floor(parsed.YOUTUBE_DAILY_QUOTA / 10),
    YOUTUBE_UNCONFIRMED_DAILY_UNITS:
      parsed.YOUTUBE_UNCONFIRMED_DAILY_UNITS ?? Math.floor(parsed.YOUTUBE_DAILY_QUOTA / 50),
  }
}

let cached: Env | undefined

export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

export function resetEnvCacheForTests() {
  cached = undefined
}
