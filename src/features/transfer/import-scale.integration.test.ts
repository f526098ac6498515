import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { groupItem, libraryEntry } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { db } from '../../../tests/support/database'
import {
  countOf,
  MANY,
  numberedChannelIds,
  trackNumbered,
} from '../../../tests/support/many-channels'
import { applyModel, byId, folder, model, treeOf } from '../../../tests/support/transfer-world'
import { IMPORT_MAX_CHANNELS } from './transfer.schemas'

/*
 * An import that takes a library to 100,000 channels, through the real path
 * (preview, confirm, the job's look-ups and its one apply transaction). A
 * file holds at most IMPORT_MAX_CHANNELS (20,000), so the library already
 * has the rest; the file also names 1,000 channels it already has.
 */

const PREFIX = 'impscale'
const FOLDERS = 20
let owner: Actor

beforeAll(async () => {
  owner = await createActor(db, 'Importer')
  await trackNumbered(db, owner.id, PREFIX, MANY - IMPORT_MAX_CHANNELS + 1000)
}, 300_000)

describe('an import into a library of 100,000 channels', () => {
  it('lands exact: every new channel once, every item in its folder, in file order', async () => {
    const ids = numberedChannelIds(PREFIX, IMPORT_MAX_CHANNELS, MANY - IMPORT_MAX_CHANNELS + 1)
    const channels = ids.map((id) => byId(id, `Imported ${id.slice(-6)}`))
    const perFolder = IMPORT_MAX_CHANNELS / FOLDERS
    const groups = Array.from({ length: FOLDERS }, (_, at) =>
      folder(`Folder ${at}`, channels.slice(at * perFolder, (at + 1) * perFolder)),
    )
    const status = await applyModel(owner, model({ channels, groups }))
    expect(status).toMatchObject({ state: 'done', error: null })
    expect(status.result).toMatchObject({
      pending: 0,
      groupsCreated: FOLDERS,
      groupsMerged: 0,
      channelsAdded: IMPORT_MAX_CHANNELS - 1000,
      animesAdded: 0,
      itemsPlaced: IMPORT_MAX_CHANNELS,
      notFound: [],
    })
    expect(
      await countOf(db, sql`select count(*) as n from ${libraryEntry} where user_id = ${owner.id}`),
    ).toBe(MANY)
    expect(await countOf(db, sql`select count(*) as n from ${groupItem}`)).toBe(IMPORT_MAX_CHANNELS)
    const tree = await treeOf(owner.id)
    expect(tree.map((node) => node.name)).toEqual(groups.map((node) => node.name))
    expect(tree.flatMap((node) => node.items)).toEqual(ids)
  }, 600_000)
})
