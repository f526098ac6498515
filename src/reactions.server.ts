import type { Database } from '~/db/client.server'
import {
  hurryDeletedAccountCancel,
  queueDeletedAccountCancel,
} from '~/features/billing/deleted-account.server'
import { startTrial } from '~/features/billing/subscription.server'
import {
  endGoogleSignIn,
  endYoutubeConnection,
  type SignInAccount,
} from '~/features/catalogue/google-grants.server'
import { queueUploadPushes } from '~/features/notifications/upload-pushes.server'

/*
 * Every reaction of one domain to what happens in another, in one table (decision 0068). Reactions
 * run in order, awaited; a failure reaches the caller, as if written there.
 */

export type AppEvents = {
  'account.created': { userId: string }
  /** The password is checked; the user, sessions and accounts are about to go. */
  'account.deleting': { userId: string }
  'account.deleted': { userId: string }
  /** A linked sign-in account was removed, alone or with its user. */
  'account.unlinked': { account: SignInAccount }
  'feed.new-videos': Record<string, never>
}

export type AppEvent = keyof AppEvents
type Reaction<E extends AppEvent> = (db: Database, payload: AppEvents[E]) => Promise<unknown>

export const reactions: { readonly [E in AppEvent]: readonly Reaction<E>[] } = {
  // Billing: every account starts its Pro trial (no card).
  'account.created': [(db, { userId }) => startTrial(db, userId)],
  'account.deleting': [
    // The cascade would drop the Connect YouTube tokens while the grant kept working at Google.
    (db, { userId }) => endYoutubeConnection(db, userId),
    // A paid subscription would go on billing: its cancel is queued (decision 0064).
    (db, { userId }) => queueDeletedAccountCancel(db, userId),
  ],
  'account.deleted': [(db, { userId }) => hurryDeletedAccountCancel(db, userId)],
  // Unlinking Google or deleting the user: its grant ends at Google too.
  'account.unlinked': [(_db, { account }) => endGoogleSignIn(account)],
  // Notifications: new uploads are pushed at once, not at the push schedule's next tick.
  'feed.new-videos': [(db) => queueUploadPushes(db)],
}

/** Runs every reaction to `event`, in the order listed. */
export async function react<E extends AppEvent>(
  db: Database,
  event: E,
  payload: AppEvents[E],
): Promise<void> {
  const listed: readonly Reaction<E>[] = reactions[event]
  for (const reaction of listed) await reaction(db, payload)
}
