import { createServerEntry } from '@tanstack/react-start/server'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { dataImport, youtubeConnection } from '~/db/schema'
import { quotaDay, unitsSpent } from '~/features/catalogue/quota.server'
import { AppError } from '~/lib/app-error'
import { Route as callbackRoute } from '~/routes/api/youtube/callback'
import { Route as connectRoute } from '~/routes/api/youtube/connect'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { resetEnvCacheForTests } from '~/server/env.server'
import {
  FAKE_ACCOUNT_CHANNEL,
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
} from '../../../tests/fakes/google-oauth-fake'
import type { YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { db } from '../../../tests/support/database'
import { setUpYoutubeFake } from '../../../tests/support/transfer-world'
import { getImportPreview } from './import-preview.server'
import {
  CONNECT_COOKIE,
  completeYoutubeConnect,
  disconnectYoutube,
  getYoutubeConnection,
  importYoutubeSubscriptions,
  startYoutubeConnect,
} from './youtube-connect.server'

/*
 * Connect YouTube end to end against the fake Google (OAuth + Data API):
 * the consent round trip through the functions the /api/youtube routes
 * call, the preview of every subscription page, the quota ledger, sealed
 * storage, refresh, disconnect, and the refusals.
 */

const fake = setUpYoutubeFake()
let youtube: YoutubeFake

function configureGoogle(on: boolean) {
  process.env.GOOGLE_CLIENT_ID = on ? FAKE_GOOGLE_CLIENT_ID : ''
  process.env.GOOGLE_CLIENT_SECRET = on ? FAKE_GOOGLE_CLIENT_SECRET : ''
  resetEnvCacheForTests()
}

beforeAll(async () => {
  youtube = fake()
  configureGoogle(true)
})

afterEach(() => {
  configureGoogle(true)
})

/* Helpers */

function cookieValue(setCookie: string | null): string {
  const value = setCookie?.split(';')[0]
  if (!value?.startsWith(`${CONNECT_COOKIE}=`)) throw new Error(`no flow cookie in ${setCookie}`)
  return value
}

/** What the browser does: start, follow Google's consent page, come back to the callback. */
async function consent(actor: Actor, choice: 'allow' | 'deny' = 'allow', parentId = null) {
  const started = startYoutubeConnect(actor, { parentId })
  const cookie = cookieValue(started.setCookie)
  const page = await fetch(started.location)
  expect(page.status).toBe(200)
  const html = await page.text()
  const href = new RegExp(`id="${choice}" href="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, '&')
  if (!href) throw new Error('no consent link on the fake page')
  return { started, cookie, callback: new URL(href) }
}

async function connect(actor: Actor) {
  const { cookie, callback } = await consent(actor)
  return completeYoutubeConnect(db, actor, { url: callback, cookieHeader: cookie })
}

function importIdOf(location: string): string {
  const id = new URL(location, 'http://app.test').searchParams.get('importId')
  if (!id) throw new Error(`no import in ${location}`)
  return id
}

async function storedRow(userId: string) {
  const [row] = await db
    .select()
    .from(youtubeConnection)
    .where(eq(youtubeConnection.userId, userId))
  return row
}

const subscriptionCalls = () =>
  youtube.calls.filter((call) => call.path === '/youtube/v3/subscriptions')

/* Tests */

describe('Connect YouTube', () => {
  it('asks for youtube.readonly only, with PKCE S256, state and offline access', async () => {
    const actor = await createActor(db, 'Ada')
    const started = startYoutubeConnect(actor, { parentId: null })
    const url = new URL(started.location)
    expect(`${url.origin}${url.pathname}`).toBe(youtube.oauthUrls.authorize)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: FAKE_GOOGLE_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/api/youtube/callback',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
      include_granted_scopes: 'true',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    })
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(started.setCookie).toMatch(/HttpOnly/)
    expect(started.setCookie).toMatch(/SameSite=Lax/)
    // The verifier travels signed, never as the challenge itself.
    expect(started.setCookie).not.toContain(url.searchParams.get('code_challenge') ?? '-')
  })

  it('imports every page of subscriptions into a preview, booking one unit per page', async () => {
    const actor = await createActor(db, 'Grace')
    const day = quotaDay()
    const before = await unitsSpent(db, 'subscriptions', day)
    const done = await connect(actor)
    expect(done.location).toMatch(/^\/dashboard\/import\/\?importId=/)
    expect(done.setCookie).toMatch(/Max-Age=0/)

    const pages = subscriptionCalls()
    expect(pages).toHaveLength(3)
    expect(pages.map((call) => call.params.maxResults)).toEqual(['50', '50', '50'])
    expect(
      pages.every((call) => call.params.mine === 'true' && call.params.part === 'snippet'),
    ).toBe(true)
    expect(pages.every((call) => call.headers.authorization?.startsWith('Bearer '))).toBe(true)
    expect(await unitsSpent(db, 'subscriptions', day)).toBe(before + 3)

    const preview = await getImportPreview(db, actor, {
      importId: importIdOf(done.location),
      options: { parentId: null, sameNames: 'merge' },
    })
    expect(preview.format).toBe('youtube')
    expect(preview.channels.total).toBe(120)
    expect(preview.groupCount).toBe(0)
    expect(preview.fileName).toBe(FAKE_ACCOUNT_CHANNEL.title)

    const status = await getYoutubeConnection(db, actor)
    expect(status.configured).toBe(true)
    expect(status.connection).toMatchObject({
      channelId: FAKE_ACCOUNT_CHANNEL.id,
      channelTitle: FAKE_ACCOUNT_CHANNEL.title,
    })
    expect(status.connection?.lastImportAt).not.toBeNull()
  })

  it('stores the tokens sealed: the columns never hold what Google issued', async () => {
    const actor = await createActor(db, 'Hedy')
    await connect(actor)
    const issued = youtube.oauth.issued()
    const row = await storedRow(actor.id)
    expect(row).toBeDefined()
    const stored = JSON.stringify(row)
    for (const token of [...issued.access, ...issued.refresh]) {
      expect(stored).not.toContain(token)
    }
    expect(row?.accessToken).toMatch(/^v1\./)
    expect(row?.refreshToken).toMatch(/^v1\./)
    // The answer the UI gets carries no token either.
    const answer = JSON.stringify(await getYoutubeConnection(db, actor))
    for (const token of [...issued.access, ...issued.refresh]) expect(answer).not.toContain(token)
  })

  it('refreshes an expired access token and imports again', async () => {
    const actor = await createActor(db, 'Katherine')
    await connect(actor)
    youtube.oauth.expireAccessTokens()
    youtube.reset()
    const again = await importYoutubeSubscriptions(db, actor)
    const tokenCalls = youtube.calls.filter((call) => call.path === '/token')
    expect(tokenCalls).toHaveLength(1)
    expect(new URLSearchParams(tokenCalls[0]?.body).get('grant_type')).toBe('refresh_token')
    // One 401 then the three pages with the new token.
    expect(subscriptionCalls()).toHaveLength(4)
    const preview = await getImportPreview(db, actor, {
      importId: again.importId,
      options: { parentId: null, sameNames: 'merge' },
    })
    expect(preview.channels.total).toBe(120)
  })

  it('refreshes before use when the stored expiry has passed', async () => {
    const actor = await createActor(db, 'Barbara')
    await connect(actor)
    await db
      .update(youtubeConnection)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(youtubeConnection.userId, actor.id))
    youtube.reset()
    await importYoutubeSubscriptions(db, actor)
    expect(youtube.calls.filter((call) => call.path === '/token')).toHaveLength(1)
    expect(subscriptionCalls()).toHaveLength(3)
  })

  it('disconnects: revokes the grant at Google and deletes the tokens', async () => {
    const actor = await createActor(db, 'Radia')
    await connect(actor)
    const refresh = youtube.oauth.issued().refresh.at(-1)
    expect(await disconnectYoutube(db, actor)).toEqual({ disconnected: true, revoked: true })
    expect(youtube.oauth.revocations).toEqual([refresh])
    expect(await storedRow(actor.id)).toBeUndefined()
    expect((await getYoutubeConnection(db, actor)).connection).toBeNull()
    await expect(importYoutubeSubscriptions(db, actor)).rejects.toMatchObject({
      code: 'YOUTUBE_NOT_CONNECTED',
    })
    // Again: nothing to do, nothing sent.
    expect(await disconnectYoutube(db, actor)).toEqual({ disconnected: false, revoked: false })
    expect(youtube.oauth.revocations).toHaveLength(1)
  })

  it('still deletes the tokens when Google cannot be reached to revoke', async () => {
    const actor = await createActor(db, 'Frances')
    await connect(actor)
    youtube.failNext(1, { status: 503 })
    expect(await disconnectYoutube(db, actor)).toEqual({ disconnected: true, revoked: false })
    expect(await storedRow(actor.id)).toBeUndefined()
  })

  it('refuses a bad state, a cookie of another user and a missing cookie', async () => {
    const actor = await createActor(db, 'Joan')
    const other = await createActor(db, 'Mallory')
    const { cookie, callback } = await consent(actor)

    const forged = new URL(callback)
    forged.searchParams.set('state', 'not-the-state')
    const refusals = [
      await completeYoutubeConnect(db, actor, { url: forged, cookieHeader: cookie }),
      await completeYoutubeConnect(db, other, { url: callback, cookieHeader: cookie }),
      await completeYoutubeConnect(db, actor, { url: callback, cookieHeader: null }),
      await completeYoutubeConnect(db, actor, {
        url: callback,
        cookieHeader: `${cookie.slice(0, -2)}xx`,
      }),
    ]
    for (const refusal of refusals) {
      expect(refusal.location).toBe('/dashboard/import/?connectError=state')
    }
    expect(youtube.calls.filter((call) => call.path === '/token')).toHaveLength(0)
    expect(await storedRow(actor.id)).toBeUndefined()
    expect(await storedRow(other.id)).toBeUndefined()
  })

  it('comes back with "denied" when the user refuses on the consent page', async () => {
    const actor = await createActor(db, 'Annie')
    const { cookie, callback } = await consent(actor, 'deny')
    const done = await completeYoutubeConnect(db, actor, { url: callback, cookieHeader: cookie })
    expect(done.location).toBe('/dashboard/import/?connectError=denied')
    expect(await storedRow(actor.id)).toBeUndefined()
  })

  it('comes back with "quota" when the day is used up, with nothing imported', async () => {
    const actor = await createActor(db, 'Mary')
    youtube.setOptions({ quotaExhausted: true })
    const done = await connect(actor)
    expect(done.location).toBe('/dashboard/import/?connectError=quota')
    const imports = await db.select().from(dataImport).where(eq(dataImport.userId, actor.id))
    expect(imports).toHaveLength(0)
  })

  it('keeps the destination group through the round trip', async () => {
    const actor = await createActor(db, 'Evelyn')
    const parentId = crypto.randomUUID()
    const started = startYoutubeConnect(actor, { parentId })
    const callback = new URL(youtube.oauth.approve(started.location))
    const done = await completeYoutubeConnect(db, actor, {
      url: callback,
      cookieHeader: cookieValue(started.setCookie),
    })
    expect(new URL(done.location, 'http://app.test').searchParams.get('parentId')).toBe(parentId)
  })

  it('shows a stranger nothing of another user’s connection', async () => {
    const owner = await createActor(db, 'Owner')
    const stranger = await createActor(db, 'Stranger')
    await connect(owner)
    const seen = await getYoutubeConnection(db, stranger)
    expect(seen.connection).toBeNull()
    await expect(importYoutubeSubscriptions(db, stranger)).rejects.toBeInstanceOf(AppError)
    expect(await disconnectYoutube(db, stranger)).toEqual({ disconnected: false, revoked: false })
    expect(await storedRow(owner.id)).toBeDefined()
    expect(youtube.oauth.revocations).toHaveLength(0)
  })

  it('answers GOOGLE_NOT_CONFIGURED without a client, and sends the browser back', async () => {
    const actor = await createActor(db, 'Lynn')
    await connect(actor)
    configureGoogle(false)
    expect((await getYoutubeConnection(db, actor)).configured).toBe(false)
    await expect(importYoutubeSubscriptions(db, actor)).rejects.toMatchObject({
      code: 'GOOGLE_NOT_CONFIGURED',
    })
    expect(startYoutubeConnect(actor, { parentId: null })).toEqual({
      location: '/dashboard/import/?connectError=notConfigured',
      setCookie: null,
    })
  })

  it('sends an anonymous browser to sign in from both routes', async () => {
    const noNext = () => {
      throw new Error('no next')
    }
    const context = { nonce: 'test', requestId: 'test' }
    const connectHandlers = connectRoute.options.server?.handlers
    const connectGet = typeof connectHandlers === 'function' ? undefined : connectHandlers?.GET
    const callbackHandlers = callbackRoute.options.server?.handlers
    const callbackGet = typeof callbackHandlers === 'function' ? undefined : callbackHandlers?.GET
    if (typeof connectGet !== 'function' || typeof callbackGet !== 'function') {
      throw new Error('a route lost its GET handler')
    }
    const calls: [string, (request: Request) => Promise<unknown>][] = [
      [
        '/api/youtube/connect',
        async (request) =>
          connectGet({
            request,
            params: {},
            context,
            pathname: '/api/youtube/connect',
            next: noNext,
          }),
      ],
      [
        '/api/youtube/callback?code=x&state=y',
        async (request) =>
          callbackGet({
            request,
            params: {},
            context,
            pathname: '/api/youtube/callback',
            next: noNext,
          }),
      ],
    ]
    for (const [path, call] of calls) {
      const request = new Request(`http://localhost:3000${path}`)
      const response = await createServerEntry({
        fetch: async () => {
          const answer = await call(request)
          if (!(answer instanceof Response)) throw new Error('no Response')
          return answer
        },
      }).fetch(request, {})
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/login/?redirect=%2Fdashboard%2Fimport%2F')
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })
})
