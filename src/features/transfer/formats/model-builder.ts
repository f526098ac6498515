import { FORMAT_NAMES, type ImportFormat } from '~/config/formats'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { groupNameKey } from '~/db/name-key'
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  type GroupColor,
} from '~/features/groups/groups.schemas'
import { AppError } from '~/lib/app-error'
import { type ChannelRef, parseChannelInput, refKey } from '~/lib/youtube-urls'
import {
  type EntryExtras,
  GROUP_PATH_SEPARATOR,
  IMPORT_MAX_CHANNELS,
  type ImportAnime,
  type ImportChannel,
  type ImportGroup,
  type ImportItemRef,
  type ImportModel,
  type ImportProblem,
  type ImportProblemCode,
} from '../transfer.schemas'
import { jsonText } from './json-values'

/* Every parser builds its ImportModel through this, so all formats share one set of rules. */

/** A file full of junk would otherwise make a preview of millions of lines. */
export const PROBLEMS_MAX = 1000
/** Placements and problems together: bounds the work a 10 MB file of repeats can cause. */
export const ENTRIES_MAX = 250_000
/** No tool has this many folders; a file that does would flood the tree. */
export const IMPORT_GROUPS_MAX = 10_000
const PROBLEM_INPUT_MAX = 200
const TITLE_MAX = 500
const URL_MAX = 2000
/** Name given to a group whose file gave it none (a `nameMissing` problem says so). */
export const UNNAMED_GROUP = 'Untitled'

/** Code points, not UTF-16 units, so no emoji is cut in half. */
function truncate(value: string, max: number): string {
  if (value.length <= max) return value
  // A code point is at most two units, so the first 2×max units hold the first max points.
  const points = Array.from(value.slice(0, max * 2))
  return points.length > max || value.length > max * 2 ? points.slice(0, max).join('') : value
}

export function shorten(input: string): string {
  return truncate(input, PROBLEM_INPUT_MAX)
}

function cleanText(value: string | null | undefined, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = truncate(value.normalize('NFC').trim(), max).trim()
  return text === '' ? null : text
}

function cleanUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  return url.length <= URL_MAX && /^https?:\/\/\S+$/i.test(url) ? url : null
}

/** Throws the error the import screen shows for a detected but damaged file. */
export function malformed(format: Exclude<ImportFormat, 'plain'>): AppError {
  return new AppError('IMPORT_MALFORMED', { format: FORMAT_NAMES[format] })
}

export type ChannelLookup = { ref: ChannelRef; code: null } | { ref: null; code: ImportProblemCode }

/** A web address of another site (Odysee, PeerTube, a feed) is `otherService`, not plain `invalid`. */
export function lookupChannel(raw: string): ChannelLookup {
  const parsed = parseChannelInput(raw)
  if (parsed.ref !== null) return { ref: parsed.ref, code: null }
  if (isOtherService(raw)) return { ref: null, code: 'otherService' }
  if (parsed.error === 'invalid' && /^https?:\/\/[^/\s]+\.[^/\s]+/i.test(raw.trim())) {
    return { ref: null, code: 'otherService' }
  }
  return { ref: null, code: parsed.error }
}

/** Sites peers follow next to YouTube (Grayjay, NewPipe), under any scheme they write. */
const OTHER_SERVICE_RE =
  /^(?:lbry:\/\/|(?:https?:\/\/)?(?:[\w-]+\.)*(?:rumble\.com|odysee\.com|lbry\.tv)(?:[/?#:]|$))/i

/** One problem (`otherService`, "not from YouTube") in every format, the plain list included. */
export function isOtherService(raw: string): boolean {
  return OTHER_SERVICE_RE.test(raw.trim())
}

type Container = { items: ImportItemRef[]; ids: string[]; seen: Set<string> }

export type GroupNode = Container & {
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  depth: number
  children: GroupNode[]
  byName: Map<string, GroupNode>
}

type Parent = { depth: number; children: GroupNode[]; byName: Map<string, GroupNode> }

export type GroupMeta = {
  description?: string | null
  icon?: string | null
  color?: GroupColor | null
}

export type ChannelInfo = {
  title?: string | null
  avatarUrl?: string | null
  extras?: EntryExtras | null
}

function itemId(item: ImportItemRef): string {
  return `${item.kind}:${item.key}`
}

export class ModelBuilder {
  private readonly channels = new Map<string, ImportChannel>()
  private readonly animes = new Map<string, ImportAnime>()
  private readonly root: Parent = { depth: 0, children: [], byName: new Map() }
  private readonly loose: Container = { items: [], ids: [], seen: new Set() }
  /** Items placed in some group, and placed anywhere (group or ungrouped). */
  private readonly grouped = new Set<string>()
  private readonly placed = new Set<string>()
  private readonly problems: ImportProblem[] = []
  private entries = 0
  private groupCount = 0

  readonly format: ImportFormat

  constructor(format: ImportFormat) {
    this.format = format
  }

  private count(): void {
    this.entries++
    if (this.entries > ENTRIES_MAX) {
      throw new AppError('IMPORT_TOO_MANY', { max: IMPORT_MAX_CHANNELS })
    }
  }

  problem(line: number | null, code: ImportProblemCode, input: string): void {
    this.count()
    if (this.problems.length >= PROBLEMS_MAX) return
    this.problems.push({ line, code, input: shorten(input) })
  }

  channel(ref: ChannelRef, info: ChannelInfo = {}): ImportItemRef {
    const key = refKey(ref)
    const existing = this.channels.get(key)
    const title = cleanText(info.title, TITLE_MAX)
    const avatarUrl = cleanUrl(info.avatarUrl)
    if (existing) {
      existing.title ??= title
      existing.avatarUrl ??= avatarUrl
      existing.extras ??= info.extras ?? null
    } else {
      if (this.channels.size >= IMPORT_MAX_CHANNELS) {
        throw new AppError('IMPORT_TOO_MANY', { max: IMPORT_MAX_CHANNELS })
      }
      this.channels.set(key, { key, ref, title, avatarUrl, extras: info.extras ?? null })
    }
    return { kind: 'channel', key }
  }

  anime(anime: {
    id: string
    slug: string
    title: string
    posterUrl?: string | null
    extras?: EntryExtras | null
  }): ImportItemRef {
    const existing = this.animes.get(anime.id)
    if (existing) {
      existing.posterUrl ??= cleanUrl(anime.posterUrl)
      existing.extras ??= anime.extras ?? null
    } else {
      if (this.animes.size >= IMPORT_MAX_CHANNELS) {
        throw new AppError('IMPORT_TOO_MANY', { max: IMPORT_MAX_CHANNELS })
      }
      this.animes.set(anime.id, {
        key: anime.id,
        slug: anime.slug,
        title: cleanText(anime.title, TITLE_MAX) ?? anime.slug,
        posterUrl: cleanUrl(anime.posterUrl),
        extras: anime.extras ?? null,
      })
    }
    return { kind: 'anime', key: anime.id }
  }

  /** Same-named siblings are one group; below GROUP_DEPTH_MAX the level-10 ancestor takes its place. */
  group(
    parent: GroupNode | null,
    rawName: string,
    line: number | null,
    meta: GroupMeta = {},
    /** What a problem quotes, when the name came out of something larger. */
    input = rawName,
  ): GroupNode {
    if (parent !== null && parent.depth >= GROUP_DEPTH_MAX) {
      this.problem(line, 'tooDeep', input)
      return parent
    }
    const host: Parent = parent ?? this.root
    let name = rawName.normalize('NFC').trim()
    if (Array.from(name).length > GROUP_NAME_MAX) {
      this.problem(line, 'nameTruncated', input)
      name = truncate(name, GROUP_NAME_MAX).trim()
    }
    if (name === '') {
      this.problem(line, 'nameMissing', input)
      name = UNNAMED_GROUP
      for (let n = 2; host.byName.has(groupNameKey(name)); n++) name = `${UNNAMED_GROUP} ${n}`
    }
    const key = groupNameKey(name)
    const existing = host.byName.get(key)
    const description = cleanText(meta.description, GROUP_DESCRIPTION_MAX) ?? ''
    if (existing) {
      if (existing.description === '') existing.description = description
      existing.icon ??= meta.icon ?? null
      existing.color ??= meta.color ?? null
      return existing
    }
    this.groupCount++
    if (this.groupCount > IMPORT_GROUPS_MAX) {
      throw new AppError('IMPORT_TOO_MANY_GROUPS', { max: IMPORT_GROUPS_MAX })
    }
    const node: GroupNode = {
      name,
      description,
      icon: meta.icon ?? null,
      color: meta.color ?? null,
      depth: host.depth + 1,
      children: [],
      byName: new Map(),
      items: [],
      ids: [],
      seen: new Set(),
    }
    host.children.push(node)
    host.byName.set(key, node)
    return node
  }

  /** A flat format's name `A / B / C` → nested groups A › B › C (our flat exports write these). */
  groupPath(parent: GroupNode | null, rawPath: string, line: number | null): GroupNode {
    const segments = rawPath.split(GROUP_PATH_SEPARATOR).filter((part) => part.trim() !== '')
    const [first, ...rest] = segments
    if (first === undefined) return this.group(parent, '', line, {}, rawPath)
    let node = this.group(parent, first, line)
    for (const segment of rest) node = this.group(node, segment, line)
    return node
  }

  /** The same item twice in one place is a `duplicate`; in two different groups it is simply in both. */
  place(target: GroupNode | null, item: ImportItemRef, line: number | null, input: string): void {
    this.count()
    const container = target ?? this.loose
    const id = itemId(item)
    if (container.seen.has(id)) {
      this.problem(line, 'duplicate', input)
      return
    }
    container.seen.add(id)
    container.items.push(item)
    container.ids.push(id)
    this.placed.add(id)
    if (target !== null) this.grouped.add(id)
  }

  /** Numbered by its place among the file's addresses; what is not a channel link is a problem row. */
  placeLink(target: GroupNode | null, raw: unknown, address: number, info: ChannelInfo = {}): void {
    const lookup = typeof raw === 'string' ? lookupChannel(raw) : null
    if (lookup === null || lookup.ref === null) {
      this.problem(address, lookup?.code ?? 'invalid', jsonText(raw))
      return
    }
    this.place(target, this.channel(lookup.ref, info), address, jsonText(raw))
  }

  get channelCount(): number {
    return this.channels.size
  }

  /** Throws IMPORT_EMPTY when nothing usable (groups alone count only for a backup, which may hold just a tree). */
  build(): ImportModel {
    const toModel = (node: GroupNode): ImportGroup => ({
      name: node.name,
      description: node.description,
      icon: node.icon,
      color: node.color,
      groups: node.children.map(toModel),
      items: node.items,
    })
    const groups = this.root.children.map(toModel)
    const nothing = this.channels.size === 0 && this.animes.size === 0
    if (nothing && (this.format !== 'tubefold' || groups.length === 0)) {
      throw new AppError('IMPORT_EMPTY')
    }
    const ungrouped = this.loose.items.filter((_, index) => {
      const id = this.loose.ids[index]
      return id === undefined || !this.grouped.has(id)
    })
    // A catalogue entry placed nowhere is still in the library (e.g. a backup's channel list).
    for (const key of this.channels.keys()) {
      if (!this.placed.has(`channel:${key}`)) ungrouped.push({ kind: 'channel', key })
    }
    for (const key of this.animes.keys()) {
      if (!this.placed.has(`anime:${key}`)) ungrouped.push({ kind: 'anime', key })
    }
    return {
      format: this.format,
      groups,
      ungrouped,
      channels: [...this.channels.values()],
      animes: [...this.animes.values()],
      problems: this.problems,
    }
  }
}
