// Built on the server in the reader's language; the service worker shows it as it comes.

export type PushPayload = {
  title: string
  body: string
  /** Same-origin path the service worker opens on click. */
  url: string
  /** One notification per group: a newer push replaces the older one. */
  tag: string
}

export const PUSH_TITLES_SHOWN = 3
/** Push services cap a payload near 4 KB; the encrypted record adds overhead. */
const BODY_MAX = 600

export function groupFeedPath(groupId: string): string {
  return `/dashboard/groups/${groupId}/?tab=feed`
}

export function pushTag(groupId: string): string {
  return `uploads:${groupId}`
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** `title` and `more` ("and 2 more", or null) come already translated. */
export function buildPushPayload(input: {
  groupId: string
  title: string
  titles: readonly string[]
  more: string | null
}): PushPayload {
  const lines = input.titles.slice(0, PUSH_TITLES_SHOWN).map((title) => `• ${clip(title, 120)}`)
  if (input.more) lines.push(input.more)
  return {
    title: clip(input.title, 120),
    body: clip(lines.join('\n'), BODY_MAX),
    url: groupFeedPath(input.groupId),
    tag: pushTag(input.groupId),
  }
}
