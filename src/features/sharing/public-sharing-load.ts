import { type ErrorCode, errorCodeOf } from '~/lib/app-error'

/** What a public sharing page (share link, invitation) can show. */
export type PublicSharingLoad<T> =
  | { state: 'ready'; data: T }
  /** Edit links need an account even to look. */
  | { state: 'signIn' }
  /** Unknown, revoked, expired, wrong permission or malformed: one answer for all. */
  | { state: 'unavailable' }

/**
 * Awaits a public page's preview and sorts the expected refusals into page
 * states; anything else stays an error (the router's error screen).
 */
export async function loadPublicSharing<T>(
  load: Promise<T>,
  unavailable: ErrorCode,
): Promise<PublicSharingLoad<T>> {
  try {
    return { state: 'ready', data: await load }
  } catch (error) {
    const { code } = errorCodeOf(error)
    if (code === unavailable || code === 'VALIDATION') return { state: 'unavailable' }
    if (code === 'UNAUTHENTICATED') return { state: 'signIn' }
    throw error
  }
}
