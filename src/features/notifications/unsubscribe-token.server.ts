import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TEAM_EVENTS, type TeamEvent } from '~/db/enums'
import { groupNotification, notificationPreference } from '~/db/schema'
import { getEnv } from '~/server/env.server'

/*
 * RFC 8058 (decision 0060). HMAC-SHA256 under a key derived from AUTH_SECRET: works signed out,
 * cannot be forged or moved, needs no table. No expiry: an old mail's link must still work.
 */

/** 'digest' turns off every group's daily and weekly mail; a team event kind mutes that event. */
export type UnsubscribeKind = 'digest' | TeamEvent
export const UNSUBSCRIBE_KINDS: readonly UnsubscribeKind[] = ['digest', ...TEAM_EVENTS]

function isKind(value: string): value is UnsubscribeKind {
  return UNSUBSCRIBE_KINDS.some((kind) => kind === value)
}

function signingKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', getEnv().AUTH_SECRET, 'tubefold', 'unsubscribe', 32))
}

function mac(userId: string, kind: UnsubscribeKind): string {
  return createHmac('sha256', signingKey())
    .update(`unsubscribe\n${userId}\n${kind}`)
    .digest('base64url')
}

/** `<user id, base64url>.<kind>.<mac>`: everything URL-safe. */
export function unsubscribeToken(userId: string, kind: UnsubscribeKind): string {
  return `${Buffer.from(userId).toString('base64url')}.${kind}.${mac(userId, kind)}`
}

export function readUnsubscribeToken(
  token: string,
): { userId: string; kind: UnsubscribeKind } | null {
  const [encodedUser, kind, signature, ...rest] = token.split('.')
  if (!encodedUser || !kind || !signature || rest.length > 0 || !isKind(kind)) return null
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8')
  if (!userId || Buffer.from(userId).toString('base64url') !== encodedUser) return null
  const expected = Buffer.from(mac(userId, kind))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId, kind }
}

/** Turns off just that kind for that user; repeating it changes nothing more. */
export async function applyUnsubscribe(
  db: Database,
  userId: string,
  kind: UnsubscribeKind,
): Promise<void> {
  if (kind === 'digest') {
    await db
      .update(groupNotification)
      .set({ uploads: 'off' })
      .where(
        and(
          eq(groupNotification.userId, userId),
          inArray(groupNotification.uploads, ['daily', 'weekly']),
        ),
      )
    return
  }
  const added = JSON.stringify([kind])
  // A deleted account has no row to write: the insert's foreign key would fail, so select first.
  await db.execute(sql`insert into ${notificationPreference} (user_id, muted_team_events)
    select u.id, ${added}::jsonb from "user" u where u.id = ${userId}
    on conflict (user_id) do update set
      muted_team_events = case
        when ${notificationPreference.mutedTeamEvents} ? ${kind} then ${notificationPreference.mutedTeamEvents}
        else ${notificationPreference.mutedTeamEvents} || ${added}::jsonb end,
      updated_at = now()`)
}
