import { localName, readXml, type XmlElement } from '~/lib/xml-document'
import type { ImportModel } from '../transfer.schemas'
import {
  type ChannelLookup,
  type GroupNode,
  lookupChannel,
  ModelBuilder,
  malformed,
} from './model-builder'

/*
 * OPML: YouTube's old export and peers', RSS readers' exports and ours (folder outlines nest groups).
 * Read strictly: broken markup is a damaged file.
 */

/** Bounds the parser's work on a crafted file (groups fold at 10 levels anyway). */
export const OPML_MAX_DEPTH = 10_000

function isFeed(outline: XmlElement): boolean {
  const type = outline.attrs.get('type')?.toLowerCase()
  return outline.attrs.has('xmlurl') || type === 'rss' || type === 'atom'
}

function titleOf(outline: XmlElement): string {
  return outline.attrs.get('title') ?? outline.attrs.get('text') ?? ''
}

const FEED_ID_RE = /(?:^|[^A-Za-z0-9_-])(UC[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/

export function looksLikeOpml(text: string): boolean {
  return /<opml[\s>]/i.test(text.slice(0, 65_536))
}

/**
 * The one outline peers wrap every feed in. A list of names, not a pattern: a user's own single folder
 * ("Music subscriptions") stays a group.
 */
const WRAPPER_TITLES = new Set(
  ['youtube', 'invidious', 'piped', 'newpipe', 'freetube', 'libretube'].map(
    (peer) => `${peer} subscriptions`,
  ),
)

export function parseOpml(text: string): ImportModel {
  let document: XmlElement
  try {
    document = readXml(text, { maxDepth: OPML_MAX_DEPTH, strict: true })
  } catch {
    throw malformed('opml')
  }
  const opml = document.children.find((element) => localName(element) === 'opml')
  const body = opml?.children.find((element) => localName(element) === 'body')
  if (body === undefined) throw malformed('opml')

  const builder = new ModelBuilder('opml')
  let top = body.children.filter((element) => localName(element) === 'outline')
  const [only] = top
  if (
    top.length === 1 &&
    only !== undefined &&
    !isFeed(only) &&
    WRAPPER_TITLES.has(titleOf(only).trim().toLowerCase()) &&
    only.children.every((child) => localName(child) !== 'outline' || isFeed(child))
  ) {
    top = only.children
  }

  // Iterative, in document order: files nest deeper than any call stack should.
  const pending: { outline: XmlElement; parent: GroupNode | null }[] = top
    .map((outline) => ({ outline, parent: null }))
    .reverse()
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { outline, parent } = next
    if (localName(outline) !== 'outline') continue
    let container = parent
    if (isFeed(outline)) {
      addFeed(builder, outline, parent)
    } else {
      container = builder.group(parent, titleOf(outline), outline.line, {
        description: outline.attrs.get('description') ?? null,
      })
    }
    for (let i = outline.children.length - 1; i >= 0; i--) {
      const child = outline.children[i]
      if (child !== undefined) pending.push({ outline: child, parent: container })
    }
  }
  return builder.build()
}

function addFeed(builder: ModelBuilder, outline: XmlElement, parent: GroupNode | null): void {
  const xmlUrl = outline.attrs.get('xmlurl') ?? ''
  const htmlUrl = outline.attrs.get('htmlurl') ?? ''
  const input = xmlUrl || htmlUrl || titleOf(outline)
  const id = FEED_ID_RE.exec(xmlUrl)?.[1] ?? FEED_ID_RE.exec(htmlUrl)?.[1]
  let lookup: ChannelLookup = { ref: { kind: 'id', id: id ?? '' }, code: null }
  if (id === undefined) {
    lookup = lookupChannel(xmlUrl)
    const fromPage = lookup.ref === null && htmlUrl !== '' ? lookupChannel(htmlUrl) : null
    if (fromPage?.ref) lookup = fromPage
  }
  if (lookup.ref === null) {
    builder.problem(outline.line, lookup.code, input)
    return
  }
  const title = outline.attrs.get('title') ?? outline.attrs.get('text') ?? null
  builder.place(parent, builder.channel(lookup.ref, { title }), outline.line, input)
}
