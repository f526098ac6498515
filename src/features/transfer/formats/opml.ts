import type { ImportModel } from '../transfer.schemas'
import {
  type ChannelLookup,
  type GroupNode,
  lookupChannel,
  ModelBuilder,
  malformed,
} from './model-builder'

/*
 * OPML: YouTube's old export and peers' (one "YouTube Subscriptions" or
 * "Invidious Subscriptions" outline holding feeds), RSS readers' exports and ours, where folder outlines nest groups.
 * A small strict XML reader: only elements and attributes matter here.
 */

type XmlElement = {
  name: string
  /** Attribute names lower-cased: readers spell `xmlUrl` every way. */
  attrs: Map<string, string>
  children: XmlElement[]
  line: number
}

const NAME_RE = /[A-Za-z_:][-\w.:]*/y
const SPACE_RE = /\s*/y
const ENTITY_RE = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(ENTITY_RE, (whole, entity: string) => {
    const lower = entity.toLowerCase()
    if (lower === 'amp') return '&'
    if (lower === 'lt') return '<'
    if (lower === 'gt') return '>'
    if (lower === 'quot') return '"'
    if (lower === 'apos') return "'"
    const code = lower.startsWith('#x')
      ? Number.parseInt(lower.slice(2), 16)
      : Number.parseInt(lower.slice(1), 10)
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : whole
  })
}

class XmlError extends Error {}

/**
 * Elements nested deeper are refused as damaged: groups fold at 10 levels
 * anyway, and this bounds the parser's stack on a crafted file.
 */
export const OPML_MAX_DEPTH = 10_000

/** The document as a tree under a nameless root; throws XmlError on broken markup. */
function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '', attrs: new Map(), children: [], line: 1 }
  const stack: XmlElement[] = [root]
  let index = 0
  let line = 1
  let counted = 0
  const lineAt = (position: number): number => {
    for (let i = counted; i < position; i++) if (text.charCodeAt(i) === 10) line++
    counted = Math.max(counted, position)
    return line
  }
  const skipTo = (marker: string, from: number): number => {
    const end = text.indexOf(marker, from)
    if (end === -1) throw new XmlError('unterminated')
    return end + marker.length
  }
  for (;;) {
    const open = text.indexOf('<', index)
    if (open === -1) break
    if (text.startsWith('<?', open)) {
      index = skipTo('?>', open + 2)
    } else if (text.startsWith('<!--', open)) {
      index = skipTo('-->', open + 4)
    } else if (text.startsWith('<![CDATA[', open)) {
      index = skipTo(']]>', open + 9)
    } else if (text.startsWith('<!', open)) {
      const bracket = text.indexOf('[', open)
      const close = text.indexOf('>', open)
      if (close === -1) throw new XmlError('unterminated')
      index = bracket !== -1 && bracket < close ? skipTo(']>', bracket) : close + 1
    } else if (text.startsWith('</', open)) {
      NAME_RE.lastIndex = open + 2
      const match = NAME_RE.exec(text)
      const top = stack.at(-1)
      if (match === null || top === undefined || stack.length === 1 || top.name !== match[0]) {
        throw new XmlError('mismatched end tag')
      }
      SPACE_RE.lastIndex = NAME_RE.lastIndex
      SPACE_RE.exec(text)
      if (text[SPACE_RE.lastIndex] !== '>') throw new XmlError('bad end tag')
      stack.pop()
      index = SPACE_RE.lastIndex + 1
    } else {
      NAME_RE.lastIndex = open + 1
      const match = NAME_RE.exec(text)
      if (match === null) throw new XmlError('bad tag')
      const element: XmlElement = {
        name: match[0],
        attrs: new Map(),
        children: [],
        line: lineAt(open),
      }
      let position = NAME_RE.lastIndex
      let selfClosing = false
      for (;;) {
        const before = position
        SPACE_RE.lastIndex = position
        SPACE_RE.exec(text)
        position = SPACE_RE.lastIndex
        const char = text[position]
        if (char === '>') {
          position++
          break
        }
        if (char === '/' && text[position + 1] === '>') {
          selfClosing = true
          position += 2
          break
        }
        if (position === before) throw new XmlError('attribute without space')
        NAME_RE.lastIndex = position
        const attr = NAME_RE.exec(text)
        if (attr === null) throw new XmlError('bad attribute')
        SPACE_RE.lastIndex = NAME_RE.lastIndex
        SPACE_RE.exec(text)
        if (text[SPACE_RE.lastIndex] !== '=') throw new XmlError('attribute without value')
        SPACE_RE.lastIndex += 1
        SPACE_RE.exec(text)
        const quote = text[SPACE_RE.lastIndex]
        if (quote !== '"' && quote !== "'") throw new XmlError('unquoted attribute')
        const end = text.indexOf(quote, SPACE_RE.lastIndex + 1)
        if (end === -1) throw new XmlError('unterminated attribute')
        const value = text.slice(SPACE_RE.lastIndex + 1, end)
        if (value.includes('<')) throw new XmlError('< in attribute')
        element.attrs.set(attr[0].toLowerCase(), decodeEntities(value))
        position = end + 1
      }
      const parent = stack.at(-1)
      if (parent === undefined) throw new XmlError('no parent')
      parent.children.push(element)
      if (!selfClosing) {
        if (stack.length > OPML_MAX_DEPTH) throw new XmlError('too deep')
        stack.push(element)
      }
      index = position
    }
  }
  if (stack.length !== 1) throw new XmlError('unclosed element')
  return root
}

function localName(element: XmlElement): string {
  return element.name.slice(element.name.indexOf(':') + 1).toLowerCase()
}

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
 * Titles of the one outline peers wrap every feed in (YouTube, NewPipe,
 * FreeTube: "YouTube Subscriptions"; Invidious' default: "Invidious
 * Subscriptions"). A list of names, not a pattern: a user's own single folder
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
    document = parseXml(text)
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
