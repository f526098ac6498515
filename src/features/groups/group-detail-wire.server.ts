import { createHash } from 'node:crypto'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import type { groupRefSchema } from './groups.schemas'
import { getGroupDetail } from './groups.server'
import { groupItemsWire } from './items-cache.server'

const CLOSE = Buffer.from('}')

/**
 * getGroupDetail as the JSON the server function sends (parseGroupDetail
 * reads it back): the items' JSON is made once per cached list, so an open
 * serialises only the small rest (decision 0055). The ETag is the body's
 * identity, for a 304 when nothing changed.
 */
export async function getGroupDetailWire(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupRefSchema>,
): Promise<{ body: Uint8Array<ArrayBuffer>; etag: string }> {
  const { items, ...rest } = await getGroupDetail(db, actor, input)
  const wire = groupItemsWire(items)
  const head = JSON.stringify(rest)
  return {
    body: joinBytes([Buffer.from(`${head.slice(0, -1)},"items":`), wire.json, CLOSE]),
    etag: `"${createHash('sha1').update(head).update(wire.digest).digest('base64url')}"`,
  }
}

/** One copy of the cached bytes: cheaper than encoding them again. */
function joinBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0))
  let at = 0
  for (const part of parts) {
    body.set(part, at)
    at += part.byteLength
  }
  return body
}
