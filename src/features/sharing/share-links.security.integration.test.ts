import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shareLink } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { hashUrlSecret } from '~/server/crypto/share-secrets.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import { linkRow, makeLink, world } from '../../../tests/support/sharing-world'
import {
  createShareLink,
  getSharePreview,
  joinShareLink,
  revokeShareLink,
} from './share-links.server'
import { LINK_ID_PATTERN } from './sharing.schemas'
import { getSharing } from './sharing-overview.server'

/*
 * Issue 21, item 9: a share link's secret is only in its URL. Someone who
 * reads the database (a dump, a backup, a log of queries) finds hashes and
 * sealed values, nothing that opens a link.
 */

mailToOutbox()

/** Every text value of every share_link row, as the database holds it. */
async function storedText(): Promise<string> {
  // Every column cast to text, so nothing hides in a typed value.
  return JSON.stringify(await db.execute(sql`select ${shareLink}::text as row from ${shareLink}`))
}

describe('share link secrets at rest', () => {
  it('stores a hash and a sealed copy of the secret, never the secret', async () => {
    const w = await world()
    const link = await createShareLink(db, w.alice, {
      groupId: w.clientA,
      permission: 'view',
      expiresInDays: 0,
    })
    // The secret is whatever the share URL carries (before this fix: the row id).
    const secret = link.token ?? link.id
    expect(secret).toMatch(LINK_ID_PATTERN)
    expect(await storedText()).not.toContain(secret)
    const row = await linkRow(link.id)
    expect(row.tokenHash).toBe(hashUrlSecret(secret))
    expect(row.sealedToken).not.toBeNull()
  })

  it('opens the link by its secret only, not by anything the database holds', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const row = await linkRow(link.id)
    const reader = await createActor(db, 'Dumper')
    for (const stolen of [row.id, row.tokenHash, row.sealedToken ?? '']) {
      expect(await codeOf(getSharePreview(db, null, { linkId: stolen, permission: 'view' }))).toBe(
        'SHARE_LINK_UNAVAILABLE',
      )
      expect(await codeOf(joinShareLink(db, reader, { linkId: stolen, permission: 'view' }))).toBe(
        'SHARE_LINK_UNAVAILABLE',
      )
    }
    const preview = await getSharePreview(db, null, { linkId: link.token, permission: 'view' })
    expect(preview.group.name).toBe('Client A')
  })

  it('gives the owner the secret back to copy, and revokes by row id', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'edit')
    const overview = await getSharing(db, w.alice, { groupId: w.clientA })
    expect(overview.links.find((listed) => listed.id === link.id)?.token).toBe(link.token)
    await revokeShareLink(db, w.alice, { linkId: link.id })
    expect(
      await codeOf(getSharePreview(db, w.alice, { linkId: link.token, permission: 'edit' })),
    ).toBe('SHARE_LINK_UNAVAILABLE')
  })

  it('keeps a link made before hashing working, without a secret to show', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    // What migration 0010 leaves of an old link: the SQL hash, no sealed copy.
    await db.execute(
      sql`update ${shareLink} set sealed_token = null,
        token_hash = encode(sha256(convert_to(${link.token}, 'UTF8')), 'hex')
        where id = ${link.id}`,
    )
    const preview = await getSharePreview(db, null, { linkId: link.token, permission: 'view' })
    expect(preview.group.name).toBe('Client A')
    const overview = await getSharing(db, w.alice, { groupId: w.clientA })
    expect(overview.links.find((listed) => listed.id === link.id)?.token).toBeNull()
  })
})
