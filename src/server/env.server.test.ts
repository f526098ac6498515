import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EnvError, getEnv, parseEnv, resetEnvCacheForTests } from './env.server'

const SECRET = 'x'.repeat(32)

let dataDir: string

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tubefold-env-'))
})

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true })
  resetEnvCacheForTests()
})

/** A development environment in a throwaway DATA_DIR, plus the overrides of one case. */
function env(overrides: Record<string, string | undefined> = {}) {
  return parseEnv({ APP_ENV: 'development', DATA_DIR: dataDir, ...overrides })
}

function parseError(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source)
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError)
    return error instanceof Error ? error.message : String(error)
  }
  throw new Error('parseEnv accepted an invalid environment')
}

describe('parseEnv', () => {
  it('fills in defaults for an almost empty environment', () => {
    const parsed = env()
    expect(parsed).toMatchObject({
      APP_ENV: 'development',
      HOST: 'localhost',
      PORT: 3000,
      BASE_URL: 'http://localhost:3000',
      embedded: true,
      MAIL_FROM: 'Tubefold <no-reply@tubefold.localhost>',
      SUPPORT_EMAIL: 'support@tubefold.localhost',
      LOG_LEVEL: 'info',
      DEMO_MODE: false,
      TRUST_PROXY: false,
      dataDir: resolve(dataDir),
    })
    expect(parsed.DATABASE_URL).toBeUndefined()
    expect(parsed.SMTP_URL).toBeUndefined()
    expect(parsed.POSTHOG_KEY).toBeUndefined()
  })

  it('defaults APP_ENV to production, which then demands its secrets', () => {
    const message = parseError({ DATA_DIR: dataDir })
    expect(message).toMatch(/AUTH_SECRET: is required in production/)
  })

  it('builds BASE_URL from HOST and PORT, and strips a trailing slash from an explicit one', () => {
    const parsed = env({ HOST: '0.0.0.0', PORT: '8080' })
    expect(parsed.HOST).toBe('0.0.0.0')
    expect(parsed.PORT).toBe(8080)
    expect(parsed.BASE_URL).toBe('http://0.0.0.0:8080')
    expect(env({ BASE_URL: 'https://tubefold.example/' }).BASE_URL).toBe('https://tubefold.example')
  })

  it.each(['abc', '0', '70000', '3.5'])('rejects PORT=%s naming the variable', (port) => {
    const message = parseError({ APP_ENV: 'development', DATA_DIR: dataDir, PORT: port })
    expect(message).toMatch(/^Invalid configuration:/)
    expect(message).toMatch(/^ {2}PORT: /m)
    expect(message).not.toMatch(/^ {2}HOST: /m)
  })

  it('accepts postgres:// and postgresql:// DATABASE_URLs and leaves embedded mode', () => {
    for (const url of ['postgres://u:p@127.0.0.1:5432/db', 'postgresql://127.0.0.1/db']) {
      const parsed = env({ DATABASE_URL: url })
      expect(parsed.DATABASE_URL).toBe(url)
      expect(parsed.embedded).toBe(false)
    }
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(env({ DATABASE_URL: '' }).embedded).toBe(true)
  })

  it.each(['mysql://127.0.0.1/db', 'http://127.0.0.1/db', 'not a url'])(
    'rejects DATABASE_URL=%s',
    (url) => {
      const message = parseError({ APP_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: url })
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://')
    },
  )

  it('requires AUTH_SECRET and SMTP_URL in production', () => {
    const message = parseError({ APP_ENV: 'production', DATA_DIR: dataDir })
    expect(message).toContain('AUTH_SECRET: is required in production')
    expect(message).toContain('SMTP_URL: is required in production')
    // Nothing may be generated on disk for production.
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(false)
  })

  it('accepts a complete production environment as given', () => {
    const parsed = parseEnv({
      APP_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      SMTP_URL: 'smtps://user:pass@127.0.0.1:465',
    })
    expect(parsed.AUTH_SECRET).toBe(SECRET)
    expect(parsed.SMTP_URL).toBe('smtps://user:pass@127.0.0.1:465')
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(false)
  })

  it('rejects a short AUTH_SECRET and a non-SMTP SMTP_URL', () => {
    const message = parseError({
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'short',
      SMTP_URL: 'http://127.0.0.1:25',
    })
    expect(message).toContain('AUTH_SECRET: must be at least 32 characters')
    expect(message).toContain('SMTP_URL: must start with smtp:// or smtps://')
  })

  it('parses boolean flags', () => {
    expect(env({ DEMO_MODE: 'true', TRUST_PROXY: '1' })).toMatchObject({
      DEMO_MODE: true,
      TRUST_PROXY: true,
    })
    expect(env({ DEMO_MODE: '0', TRUST_PROXY: 'false' })).toMatchObject({
      DEMO_MODE: false,
      TRUST_PROXY: false,
    })
    expect(parseError({ APP_ENV: 'development', DATA_DIR: dataDir, DEMO_MODE: 'yes' })).toMatch(
      /^ {2}DEMO_MODE: /m,
    )
  })

  it('runs jobs by default, except under APP_ENV=test unless JOBS_ENABLED says so', () => {
    expect(env().JOBS_ENABLED).toBe(true)
    expect(env({ JOBS_ENABLED: '' }).JOBS_ENABLED).toBe(true)
    expect(env({ JOBS_ENABLED: 'false' }).JOBS_ENABLED).toBe(false)
    expect(env({ APP_ENV: 'test' }).JOBS_ENABLED).toBe(false)
    expect(env({ APP_ENV: 'test', JOBS_ENABLED: '1' }).JOBS_ENABLED).toBe(true)
    expect(env({ APP_ENV: 'test', JOBS_ENABLED: 'true' }).JOBS_ENABLED).toBe(true)
    expect(parseError({ APP_ENV: 'development', DATA_DIR: dataDir, JOBS_ENABLED: 'on' })).toMatch(
      /^ {2}JOBS_ENABLED: /m,
    )
  })

  it('gives in-flight requests 10 s on shutdown unless SHUTDOWN_GRACE_MS says otherwise', () => {
    expect(env().SHUTDOWN_GRACE_MS).toBe(10_000)
    expect(env({ SHUTDOWN_GRACE_MS: '' }).SHUTDOWN_GRACE_MS).toBe(10_000)
    expect(env({ SHUTDOWN_GRACE_MS: '2500' }).SHUTDOWN_GRACE_MS).toBe(2500)
    expect(env({ SHUTDOWN_GRACE_MS: '0' }).SHUTDOWN_GRACE_MS).toBe(0)
    for (const wrong of ['5s', '-1', '1.5', '600001']) {
      expect(
        parseError({ APP_ENV: 'development', DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: wrong }),
      ).toMatch(/^ {2}SHUTDOWN_GRACE_MS: /m)
    }
  })

  it('defaults the YouTube and AniList endpoints and leaves the API key unset', () => {
    const parsed = env()
    expect(parsed).toMatchObject({
      YOUTUBE_API_BASE_URL: 'https://www.googleapis.com/youtube/v3',
      YOUTUBE_WEB_BASE_URL: 'https://www.youtube.com',
      ANILIST_API_URL: 'https://graphql.anilist.co',
    })
    expect(parsed.YOUTUBE_API_KEY).toBeUndefined()
    expect(env({ YOUTUBE_API_KEY: '' }).YOUTUBE_API_KEY).toBeUndefined()
  })

  it('takes local endpoints (for the fakes), drops trailing slashes and treats empty as default', () => {
    const parsed = env({
      YOUTUBE_API_KEY: 'fake-key',
      YOUTUBE_API_BASE_URL: 'http://127.0.0.1:4010/youtube/v3/',
      YOUTUBE_WEB_BASE_URL: 'http://127.0.0.1:4010/',
      ANILIST_API_URL: '',
    })
    expect(parsed).toMatchObject({
      YOUTUBE_API_KEY: 'fake-key',
      YOUTUBE_API_BASE_URL: 'http://127.0.0.1:4010/youtube/v3',
      YOUTUBE_WEB_BASE_URL: 'http://127.0.0.1:4010',
      ANILIST_API_URL: 'https://graphql.anilist.co',
    })
  })

  it('gives each user a share of the YouTube quota, smaller before they confirm', () => {
    expect(env()).toMatchObject({
      YOUTUBE_DAILY_QUOTA: 10_000,
      YOUTUBE_USER_DAILY_UNITS: 1_000,
      YOUTUBE_UNCONFIRMED_DAILY_UNITS: 200,
    })
    expect(env({ YOUTUBE_DAILY_QUOTA: '500' })).toMatchObject({
      YOUTUBE_USER_DAILY_UNITS: 50,
      YOUTUBE_UNCONFIRMED_DAILY_UNITS: 10,
    })
    expect(
      env({ YOUTUBE_USER_DAILY_UNITS: '300', YOUTUBE_UNCONFIRMED_DAILY_UNITS: '' }),
    ).toMatchObject({ YOUTUBE_USER_DAILY_UNITS: 300, YOUTUBE_UNCONFIRMED_DAILY_UNITS: 200 })
    const message = parseError({
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      YOUTUBE_USER_DAILY_UNITS: '-1',
    })
    expect(message).toContain('YOUTUBE_USER_DAILY_UNITS: must be a whole number')
  })

  it('bills only with a Stripe key, which then needs the webhook secret and the three prices', () => {
    const parsed = env()
    expect(parsed.STRIPE_SECRET_KEY).toBeUndefined()
    expect(parsed.STRIPE_API_BASE_URL).toBe('https://api.stripe.com')
    const message = parseError({
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PRICE_PRO_MONTHLY: 'price_m',
    })
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY')
    expect(message).toContain('STRIPE_PRICE_PRO_YEARLY: is required with STRIPE_SECRET_KEY')
    expect(message).toContain('STRIPE_PRICE_BUSINESS: is required with STRIPE_SECRET_KEY')
    expect(message).not.toContain('STRIPE_PRICE_PRO_MONTHLY')
    const billing = env({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PRO_MONTHLY: 'price_m',
      STRIPE_PRICE_PRO_YEARLY: 'price_y',
      STRIPE_PRICE_BUSINESS: 'price_b',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4020/',
    })
    expect(billing).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4020',
    })
  })

  it.each([
    'YOUTUBE_API_BASE_URL',
    'YOUTUBE_WEB_BASE_URL',
    'ANILIST_API_URL',
    'STRIPE_API_BASE_URL',
  ])('rejects a %s that is not an http(s) URL', (name) => {
    for (const value of ['not a url', 'ftp://127.0.0.1/x', 'javascript:alert(1)']) {
      const message = parseError({ APP_ENV: 'development', DATA_DIR: dataDir, [name]: value })
      expect(message).toContain(`${name}: must be an http:// or https:// URL`)
    }
  })

  it('generates an AUTH_SECRET outside production and keeps it in DATA_DIR', () => {
    const nested = join(dataDir, 'nested', 'dir')
    const first = parseEnv({ APP_ENV: 'development', DATA_DIR: nested })
    const file = join(nested, 'auth-secret')
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(file, 'utf8').trim()).toBe(first.AUTH_SECRET)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)

    const second = parseEnv({ APP_ENV: 'test', DATA_DIR: nested })
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET)
  })

  it('uses a given AUTH_SECRET instead of generating one', () => {
    expect(env({ AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET)
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(false)
  })

  it('gives each data directory its own generated secret', () => {
    const other = mkdtempSync(join(tmpdir(), 'tubefold-env-'))
    try {
      expect(env().AUTH_SECRET).not.toBe(
        parseEnv({ APP_ENV: 'development', DATA_DIR: other }).AUTH_SECRET,
      )
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })
})

describe('getEnv', () => {
  // Vitest itself puts Vite's BASE_URL ('/') into process.env: replace it for this case.
  const keys = ['APP_ENV', 'DATA_DIR', 'PORT', 'BASE_URL']
  const saved = { ...process.env }

  afterEach(() => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
  })

  it('caches the parsed environment until the cache is reset', () => {
    process.env.APP_ENV = 'development'
    process.env.DATA_DIR = dataDir
    process.env.PORT = '4001'
    delete process.env.BASE_URL
    resetEnvCacheForTests()
    const first = getEnv()
    expect(first.PORT).toBe(4001)
    expect(first.BASE_URL).toBe('http://localhost:4001')

    process.env.PORT = '4002'
    expect(getEnv()).toBe(first)

    resetEnvCacheForTests()
    expect(getEnv().PORT).toBe(4002)
  })
})
