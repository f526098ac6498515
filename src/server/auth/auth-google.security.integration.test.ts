import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { account, user, youtubeConnection } from '~/db/schema'
import { youtubeTokenContext } from '~/features/catalogue/google-grants.server'
import type { Auth } from '~/server/auth/auth.server'
import { seal, tokenSealKey } from '~/server/crypto/sealed.server'
import { getDb } from '~/server/database.server'
import {
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
} from '../../../tests/fakes/google-oauth-fake'
import type { YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { authSuite, BASE_URL } from '../../../tests/support/auth-suite'
import { setUpYoutubeFake } from '../../../tests/support/transfer-world'

/*
 * Issue 21, items 11 and 12: "Sign in with Google" through Better Auth's
 * real callback. Google's token endpoint is answered in-process (Better
 * Auth's Google provider has its URL built in); revocations go to the
 * local fake. Nothing leaves the machine.
 */

process.env.GOOGLE_CLIENT_ID = FAKE_GOOGLE_CLIENT_ID
process.env.GOOGLE_CLIENT_SECRET = FAKE_GOOGLE_CLIENT_SECRET
const fake = setUpYoutubeFake()
const { auth: currentAuth, call, newUser, signedIn } = authSuite()
let auth: Auth
let youtube: YoutubeFake
beforeAll(() => {
  auth = currentAuth()
  youtube = fake()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'

type GoogleProfile = { sub: string; email: string; name: string }

function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/** Google's token endpoint for one sign-in: the tokens it issued, for the test to look for. */
function googleAnswers(profile: GoogleProfile) {
  const tokens = {
    access: `ya29.fake-access-${profile.sub}`,
    refresh: `1//fake-refresh-${profile.sub}`,
  }
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.startsWith(GOOGLE_TOKEN_URL)) return realFetch(input, init)
    const now = Math.floor(Date.now() / 1000)
    const idToken = unsignedJwt({
      iss: 'https://accounts.google.com',
      aud: FAKE_GOOGLE_CLIENT_ID,
      sub: profile.sub,
      email: profile.email,
      email_verified: true,
      name: profile.name,
      iat: now,
      exp: now + 3600,
    })
    return Response.json({
      access_token: tokens.access,
      refresh_token: tokens.refresh,
      id_token: idToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid email profile',
    })
  })
  return tokens
}

function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0] ?? '', pair]),
  )
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0] ?? ''
    jar.set(pair.split('=')[0] ?? '', pair)
  }
  return [...jar.values()].join('; ')
}

/** The browser's round trip: start the sign-in, "consent" at Google, come back to the callback. */
async function signInWithGoogle(profile: GoogleProfile) {
  const tokens = googleAnswers(profile)
  const started = await call('/sign-in/social', { provider: 'google', callbackURL: '/dashboard/' })
  expect(started.status).toBe(200)
  const body: unknown = await started.json()
  const url = body && typeof body === 'object' && 'url' in body ? String(body.url) : ''
  const state = new URL(url).searchParams.get('state') ?? ''
  const cookie = cookiesOf(started)
  const back = await auth.handler(
    new Request(`${BASE_URL}/api/auth/callback/google?code=fake-code&state=${state}`, {
      headers: { cookie, 'x-forwarded-for': '10.9.9.9' },
    }),
  )
  return {
    tokens,
    location: back.headers.get('location') ?? '',
    cookie: cookiesOf(back, cookie),
    signedIn: back.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=')),
  }
}

async function accountsOf(userId: string) {
  const db = await getDb()
  return db.select().from(account).where(eq(account.userId, userId))
}

describe('account linking (item 12)', () => {
  it('does not let a Google sign-in into an unconfirmed account someone else registered', async () => {
    // Mallory registers Victor's address with her password and never confirms it.
    const squatted = await newUser({ email: `victor.${Date.now()}@example.test`, verified: false })
    const before = await accountsOf(squatted.id)

    const victor = await signInWithGoogle({
      sub: `victor-${Date.now()}`,
      email: squatted.email,
      name: 'Victor',
    })
    expect(victor.signedIn).toBe(false)
    expect(victor.location).toContain('error=account_not_linked')
    // No Google account joined Mallory's row, which still only opens with her password.
    expect(await accountsOf(squatted.id)).toEqual(before)
    const db = await getDb()
    const [row] = await db.select().from(user).where(eq(user.id, squatted.id))
    expect(row?.emailVerified).toBe(false)
  })

  it('links Google to an account whose owner confirmed the address', async () => {
    const owner = await newUser({ email: `olive.${Date.now()}@example.test`, verified: true })
    const olive = await signInWithGoogle({
      sub: `olive-${Date.now()}`,
      email: owner.email,
      name: 'Olive',
    })
    expect(olive.signedIn).toBe(true)
    expect((await accountsOf(owner.id)).map((row) => row.providerId).sort()).toEqual([
      'credential',
      'google',
    ])
  })
})

describe('ending the Google grant (item 11)', () => {
  it('revokes the Google sign-in grant when the account is deleted', async () => {
    const person = await newUser({ email: `gina.${Date.now()}@example.test` })
    const gina = await signInWithGoogle({
      sub: `gina-${Date.now()}`,
      email: person.email,
      name: 'Gina',
    })
    expect(gina.signedIn).toBe(true)
    const cookie = await signedIn(person.email, person.password)
    const deleted = await call('/delete-user', { password: person.password }, { cookie })
    expect(deleted.status).toBe(200)
    expect(youtube.oauth.revocations).toContain(gina.tokens.refresh)
    expect(await accountsOf(person.id)).toEqual([])
  })

  it('revokes the Google sign-in grant when Google is unlinked', async () => {
    const person = await newUser({ email: `ulla.${Date.now()}@example.test` })
    const ulla = await signInWithGoogle({
      sub: `ulla-${Date.now()}`,
      email: person.email,
      name: 'Ulla',
    })
    const cookie = await signedIn(person.email, person.password)
    const google = (await accountsOf(person.id)).find((row) => row.providerId === 'google')
    const unlinked = await call('/unlink-account', { accountId: google?.id }, { cookie })
    expect(unlinked.status).toBe(200)
    expect(youtube.oauth.revocations).toContain(ulla.tokens.refresh)
    expect((await accountsOf(person.id)).map((row) => row.providerId)).toEqual(['credential'])
  })

  it('revokes the Connect YouTube grant when the account is deleted', async () => {
    const person = await newUser({ email: `yuri.${Date.now()}@example.test` })
    const refresh = `1//fake-youtube-refresh-${person.id}`
    const db = await getDb()
    await db.insert(youtubeConnection).values({
      userId: person.id,
      accessToken: seal(
        'ya29.fake-youtube-access',
        tokenSealKey(),
        youtubeTokenContext(person.id, 'access'),
      ),
      refreshToken: seal(refresh, tokenSealKey(), youtubeTokenContext(person.id, 'refresh')),
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
    })
    const cookie = await signedIn(person.email, person.password)
    const deleted = await call('/delete-user', { password: person.password }, { cookie })
    expect(deleted.status).toBe(200)
    expect(youtube.oauth.revocations).toEqual([refresh])
    expect(
      await db.select().from(youtubeConnection).where(eq(youtubeConnection.userId, person.id)),
    ).toEqual([])
  })
})
