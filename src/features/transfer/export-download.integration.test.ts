import { randomUUID } from 'node:crypto'
import { createServerEntry } from '@tanstack/react-start/server'
import { describe, expect, it } from 'vitest'
import { Route as exportRoute } from '~/routes/api/export'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { demo, seedAccount } from '../../../tests/support/transfer-world'
import { exportDownload } from './export-download.server'
import { parseImport } from './formats/parse-import'

/*
 * The download behind `/api/export`: its statuses, headers and file names,
 * through the route as the browser reaches it where no session is needed.
 */

const today = () => new Date().toISOString().slice(0, 10)

/** Alice with "Tech Reviews" holding one channel. */
async function seedAlice() {
  const alice = await createActor(db, 'Alice')
  const channelId = demo('mkbhd').id
  const seeded = await seedAccount(
    alice,
    [channelId],
    [{ name: 'Tech Reviews', items: [channelId] }],
  )
  return { alice, channelId, tech: seeded.group('Tech Reviews') }
}

/** A GET through the route's own handler, inside a Start request scope. */
async function routeGet(path: string): Promise<Response> {
  const handlers = exportRoute.options.server?.handlers
  const get = typeof handlers === 'function' ? undefined : handlers?.GET
  if (typeof get !== 'function') throw new Error('the export route lost its GET handler')
  const request = new Request(`http://localhost:3000${path}`)
  return createServerEntry({
    fetch: async () => {
      const answer = await get({
        request,
        params: {},
        context: { nonce: 'test', requestId: 'test' },
        pathname: '/api/export',
        next: () => {
          throw new Error('no next')
        },
      })
      if (!(answer instanceof Response)) throw new Error('the export route answered no Response')
      return answer
    },
  }).fetch(request, {})
}

describe('export download', () => {
  it('streams the whole account with its type, name and no caching', async () => {
    const { alice, channelId } = await seedAlice()
    const response = await exportDownload(db, alice, { format: 'opml', groupId: null })
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'text/x-opml; charset=utf-8',
      'content-disposition': `attachment; filename="tubefold-subscriptions-${today()}.opml"`,
      'x-content-type-options': 'nosniff',
    })
    const text = await response.text()
    expect(text).toContain('Tech Reviews')
    expect(text).toContain(channelId)
  })

  it('names a group’s file after the group', async () => {
    const { alice, tech } = await seedAlice()
    const response = await exportDownload(db, alice, { format: 'tubefold', groupId: tech })
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="tubefold-backup-tech-reviews-${today()}.json"`,
    )
    expect(JSON.parse(await response.text())).toMatchObject({ format: 'tubefold-backup' })
  })

  it("sends NewPipe's database zip, which imports back as NewPipe groups", async () => {
    const { alice, channelId } = await seedAlice()
    const response = await exportDownload(db, alice, { format: 'newpipe-zip', groupId: null })
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="tubefold-newpipe-${today()}.zip"`,
    })
    const file = new Uint8Array(await response.arrayBuffer())
    const imported = await parseImport(file, `tubefold-newpipe-${today()}.zip`)
    expect(imported.format).toBe('newpipe-zip')
    expect(imported.groups.map((group) => [group.name, group.items.length])).toEqual([
      ['Tech Reviews', 1],
    ])
    expect(imported.channels.map((row) => row.ref)).toEqual([{ kind: 'id', id: channelId }])
  })

  it('answers 404 alike for someone else’s group and a missing one', async () => {
    const { tech } = await seedAlice()
    const bob = await createActor(db, 'Bob')
    for (const groupId of [tech, randomUUID()]) {
      const response = await exportDownload(db, bob, { format: 'csv', groupId })
      expect(response.status).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.text()).toBe('Not found')
    }
  })

  it('checks the query before the session: 400, then 401 without one', async () => {
    for (const path of [
      '/api/export',
      '/api/export?format=zip',
      '/api/export?format=csv&groupId=x',
    ]) {
      const response = await routeGet(path)
      expect(response.status).toBe(400)
      expect(await response.text()).toBe('Bad request')
    }
    const anonymous = await routeGet('/api/export?format=csv')
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('cache-control')).toBe('no-store')
    expect(await anonymous.text()).toBe('Sign in to export')
  })
})
