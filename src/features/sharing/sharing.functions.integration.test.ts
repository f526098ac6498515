import { beforeAll, describe, expect, it, vi } from 'vitest'
import { invitationsIn, makeWorld, type World } from '../../../tests/support/access-matrix/world'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import {
  acceptInvitation,
  getInvitation,
  getSharePreview,
  joinShareLink,
} from './sharing.functions'

/*
 * Where the secrets of sharing travel when a page calls the functions that
 * take them: a share link's secret and an invitation's token must never be
 * part of a request's URL (access logs, proxies, the browser's history of
 * fetches keep URLs). The calls and their answers are rows of the sharing
 * matrix; this file only records each request the app's handler receives.
 * Start puts a GET call's input in the query string (`?payload=…`), so the
 * four are POST, the two reads included.
 */

type Sent = { method: string; url: string }
const sent = vi.hoisted((): Sent[] => [])

vi.mock('~/app-fetch.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/app-fetch.server')>()
  return {
    ...real,
    appFetch: (request: Request) => {
      sent.push({ method: request.method, url: request.url })
      return real.appFetch(request)
    },
  }
})

let w: World
/** The one request each call made, by function name. */
const requests = new Map<string, Sent>()

/** Calls over the wire and records the single request the call sent. */
async function recorded<T>(name: string, call: () => Promise<T>): Promise<T> {
  const from = sent.length
  const answer = await call()
  const mine = sent.slice(from)
  expect(mine).toHaveLength(1)
  const [request] = mine
  if (request) requests.set(name, request)
  return answer
}

beforeAll(async () => {
  w = await makeWorld(['invitations'])
})

describe('sharing secrets over the wire', () => {
  it('answers the four functions that take a secret, each in one request', async () => {
    const stranger = await sessionCookie(w.actors.stranger.id)
    const preview = await recorded('getSharePreview', () =>
      callOverWire(getSharePreview, {
        data: { linkId: w.links.view, permission: 'view' },
        cookie: stranger,
      }),
    )
    expect(preview).toMatchObject({ permission: 'view', viewer: { groupId: null } })
    const invitation = await recorded('getInvitation', () =>
      callOverWire(getInvitation, { data: { token: invitationsIn(w).token } }),
    )
    expect(invitation).toMatchObject({ role: 'editor', viewer: null })
    const joined = await recorded('joinShareLink', () =>
      callOverWire(joinShareLink, {
        data: { linkId: w.links.view, permission: 'view' },
        cookie: stranger,
      }),
    )
    expect(joined).toEqual({ groupId: w.clientA, role: 'viewer' })
    const accepted = await recorded('acceptInvitation', () =>
      callOverWire(acceptInvitation, { data: { token: invitationsIn(w).token }, cookie: stranger }),
    )
    expect(accepted).toMatchObject({ groupId: w.clientA, role: 'editor' })
    expect([...requests.keys()].sort()).toEqual([
      'acceptInvitation',
      'getInvitation',
      'getSharePreview',
      'joinShareLink',
    ])
  })

  it('keeps the share-link secret out of every URL (getSharePreview, joinShareLink)', () => {
    for (const name of ['getSharePreview', 'joinShareLink']) {
      const request = requests.get(name)
      expect(request?.method, name).toBe('POST')
      expect(request?.url, name).not.toContain(w.links.view)
    }
  })

  it('keeps the invitation token out of every URL (getInvitation, acceptInvitation)', () => {
    for (const name of ['getInvitation', 'acceptInvitation']) {
      const request = requests.get(name)
      expect(request?.method, name).toBe('POST')
      expect(request?.url, name).not.toContain(invitationsIn(w).token)
    }
  })
})
