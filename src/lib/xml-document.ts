import { XMLParser, XMLValidator } from 'fast-xml-parser'

// DOCTYPE entities are never expanded (no "billion laughs"): only the five XML entities and character references.

export type XmlElement = {
  /** Qualified name as written (`yt:videoId`). */
  name: string
  /** Attribute names lower-cased: readers spell `xmlUrl` every way. */
  attrs: Map<string, string>
  children: XmlElement[]
  /** Text and CDATA directly inside, in document order. */
  text: string
  line: number
}

export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError'
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const REFERENCE_RE = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi

export function decodeXmlReferences(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(REFERENCE_RE, (whole, entity: string) => {
    const lower = entity.toLowerCase()
    const named = PREDEFINED[lower]
    if (named !== undefined) return named
    const code = lower.startsWith('#x')
      ? Number.parseInt(lower.slice(2), 16)
      : Number.parseInt(lower.slice(1), 10)
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : whole
  })
}

const entityDecoder = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: decodeXmlReferences,
}

const METADATA = XMLParser.getMetaDataSymbol()
const ATTRIBUTES = ':@'
const TEXT = '#text'

function isRecord(value: unknown): value is Record<string | symbol, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function startIndexOf(node: Record<string | symbol, unknown>): number {
  // The library types its symbol as the `Symbol` wrapper, which cannot index: find the key itself.
  const key = Object.getOwnPropertySymbols(node).find((symbol) => symbol === METADATA)
  const meta = key === undefined ? undefined : node[key]
  return isRecord(meta) && typeof meta.startIndex === 'number' ? meta.startIndex : 0
}

function lineFinder(text: string): (offset: number) => number {
  const breaks: number[] = []
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks.push(at)
  return (offset) => {
    let low = 0
    let high = breaks.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((breaks[middle] ?? 0) < offset) low = middle + 1
      else high = middle
    }
    return low + 1
  }
}

const parsers = new Map<number, XMLParser>()

/** One parser per depth limit: building its options costs more than reading a small file. */
function parserFor(maxDepth: number): XMLParser {
  let found = parsers.get(maxDepth)
  if (found === undefined) {
    found = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      captureMetaData: true,
      maxNestedTags: maxDepth,
      // No path strings: building them per tag is quadratic in the depth.
      jPath: false,
      processEntities: { enabled: true, maxEntityCount: 100, maxEntitySize: 1000 },
      entityDecoder,
    })
    parsers.set(maxDepth, found)
  }
  return found
}

export type XmlReadOptions = {
  /** Elements nested deeper make the document unreadable (bounds the parser's work). */
  maxDepth: number
  /** Refuse markup that is not well-formed (unclosed or mismatched tags, bad attributes). */
  strict: boolean
}

export function readXml(text: string, options: XmlReadOptions): XmlElement {
  if (options.strict) {
    const verdict = XMLValidator.validate(text)
    if (verdict !== true) throw new XmlSyntaxError(verdict.err.msg)
  }
  const parser = parserFor(options.maxDepth)
  let nodes: unknown
  try {
    nodes = parser.parse(text)
  } catch (error) {
    throw new XmlSyntaxError(error instanceof Error ? error.message : 'unreadable')
  }
  const lineAt = lineFinder(text)
  const root: XmlElement = { name: '', attrs: new Map(), children: [], text: '', line: 1 }
  // Iterative: documents nest deeper than any call stack should.
  const pending: { nodes: unknown; into: XmlElement }[] = [{ nodes, into: root }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (!Array.isArray(next.nodes)) continue
    for (const node of next.nodes) {
      if (!isRecord(node)) continue
      const name = Object.keys(node).find((key) => key !== ATTRIBUTES)
      if (name === undefined) continue
      const content = node[name]
      if (name === TEXT) {
        if (typeof content === 'string' || typeof content === 'number') next.into.text += content
        continue
      }
      const attrs = new Map<string, string>()
      const raw = node[ATTRIBUTES]
      if (isRecord(raw)) {
        for (const [key, value] of Object.entries(raw)) {
          if (typeof value === 'string') attrs.set(key.toLowerCase(), value)
        }
      }
      const element: XmlElement = {
        name,
        attrs,
        children: [],
        text: '',
        line: lineAt(startIndexOf(node)),
      }
      next.into.children.push(element)
      pending.push({ nodes: content, into: element })
    }
  }
  return root
}

export function localName(element: XmlElement): string {
  return element.name.slice(element.name.indexOf(':') + 1).toLowerCase()
}
