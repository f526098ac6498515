/**
 * The soak's users and what each of them was told was saved. Every write the
 * server acknowledged is recorded here, client-side; soak-verify.ts compares
 * these records with the database at the end.
 */
import { z } from 'zod'
import { percentile } from './harness.ts'
import { type CallResult, callServerFunction, type Plain } from './server-fn-client.ts'

/** Refusals a correct server gives to concurrent users: counted, not failures. */
export const EXPECTED_ERRORS = new Set([
  'STALE_VERSION',
  'GROUP_NAME_TAKEN',
  'GROUP_CYCLE',
  'GROUP_DEPTH_LIMIT',
  'RATE_LIMITED',
  'QUOTA_SHARE_EXHAUSTED',
  'QUOTA_EXHAUSTED',
])

export type Soaker = {
  index: number
  name: string
  email: string
  password: string
  /** The client address it is seen from (TRUST_PROXY): per-address limits apply per user. */
  address: string
  cookie: string
  id: string
}

/** A group as the soak last knew it (version for the next versioned write). */
export type KnownGroup = {
  id: string
  ownerIndex: number
  version: number
  /** The shared root of its owner, or a group under one: editors may write there. */
  shared: boolean
}

/** Expected final state of one group, from the acknowledged writes. */
export type GroupRecord = {
  id: string
  ownerIndex: number
  createdBy: number
  name: string
  nameVersion: number
  parentId: string | null
  parentVersion: number
}

export type Records = {
  groups: Map<string, GroupRecord>
  /** Creates that got no answer (timeout, cut connection): they may or may not exist. */
  unansweredCreates: number
  /** `${ownerIndex}|${channelId}` → the group ids it must at least be in (editors' adds). */
  libraryAdds: Map<string, Set<string>>
  /** Entry id → the whole set of groups last acknowledged by setEntryGroups (owner only). */
  entryGroups: Map<string, { ownerIndex: number; groupIds: string[] }>
  /** `${groupId}|${userIndex}`: joined through a link as editor. */
  joins: Set<string>
}

export type Instance = { base: string }

/** An own library entry and the groups it was last read or set in. */
type SoakEntry = { id: string; groupIds: string[] }

const groupNodeSchema = z.object({ id: z.string(), version: z.number() })
const placementSchema = z.object({
  id: z.string(),
  version: z.number(),
  parentId: z.string().nullable(),
})
const treeSchema = z.object({
  groups: z.object({ id: z.array(z.string()), version: z.array(z.number()) }),
})
const linkSchema = z.object({ token: z.string() })
const joinSchema = z.object({ groupId: z.string(), role: z.string() })
const librarySchema = z.object({
  entries: z.array(
    z.object({ id: z.string(), sourceId: z.string(), groupIds: z.array(z.string()) }),
  ),
})
const entryGroupsSchema = z.object({ groupIds: z.array(z.string()) })

export class Soak {
  readonly records: Records = {
    groups: new Map(),
    unansweredCreates: 0,
    libraryAdds: new Map(),
    entryGroups: new Map(),
    joins: new Set(),
  }
  readonly latencies = new Map<string, number[]>()
  readonly errors = new Map<string, number>()
  readonly unexpected: string[] = []
  /** Per user: the groups it may write to (own ones and those shared with it as editor). */
  readonly known = new Map<number, Map<string, KnownGroup>>()
  /** Per user: its own entries (channel id → entry id and groups). */
  readonly entries = new Map<number, Map<string, SoakEntry>>()
  readonly sharedRoots = new Map<number, string>()
  private rotation = 0

  private readonly instances: Instance[]
  private readonly ids: Map<string, string>
  readonly users: Soaker[]
  /** Channels each user adds to its own library. */
  readonly ownChannels: string[][]
  /** Channels editors add to groups shared with them. */
  readonly sharedPool: string[]

  constructor(
    instances: Instance[],
    ids: Map<string, string>,
    users: Soaker[],
    ownChannels: string[][],
    sharedPool: string[],
  ) {
    this.instances = instances
    this.ids = ids
    this.users = users
    this.ownChannels = ownChannels
    this.sharedPool = sharedPool
    for (const user of users) {
      this.known.set(user.index, new Map())
      this.entries.set(user.index, new Map())
    }
  }

  /** The next instance, round robin: a user's requests land on every instance in turn. */
  private nextBase(): string {
    const instance = this.instances[this.rotation++ % this.instances.length]
    if (!instance) throw new Error('no instance')
    return instance.base
  }

  async call(
    user: Soaker,
    name: string,
    method: 'GET' | 'POST',
    data?: Plain,
  ): Promise<CallResult> {
    const id = this.ids.get(name)
    if (!id) throw new Error(`no server function ${name} in this build`)
    const result = await callServerFunction({
      base: this.nextBase(),
      id,
      method,
      data,
      headers: { cookie: user.cookie, 'x-forwarded-for': user.address },
    })
    if (result.ok) {
      const list = this.latencies.get(name) ?? []
      list.push(result.ms)
      this.latencies.set(name, list)
    } else {
      const expected = EXPECTED_ERRORS.has(result.kind)
      const key = `${expected ? 'expected' : 'unexpected'} ${name} ${result.kind}`
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1)
      if (!expected && this.unexpected.length < 20) {
        this.unexpected.push(`${name} (${result.status} ${result.kind}): ${result.detail}`)
      }
    }
    return result
  }

  /** An answer that is not what the call's contract says: an unexpected error of its own kind. */
  malformed(name: string, detail: string) {
    const key = `unexpected ${name} malformed-answer`
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1)
    if (this.unexpected.length < 20) this.unexpected.push(`${name}: ${detail}`)
  }

  knownOf(user: Soaker): Map<string, KnownGroup> {
    const known = this.known.get(user.index)
    if (!known) throw new Error(`unknown user ${user.index}`)
    return known
  }

  async createGroup(user: Soaker, name: string, parent: KnownGroup | null): Promise<void> {
    const result = await this.call(user, 'createGroup', 'POST', {
      name,
      description: '',
      icon: null,
      color: null,
      parentId: parent?.id ?? null,
    })
    if (!result.ok) {
      if (result.kind === 'timeout' || result.kind === 'network') this.records.unansweredCreates++
      return
    }
    const created = groupNodeSchema.safeParse(result.value)
    if (!created.success) return this.malformed('createGroup', created.error.message)
    const ownerIndex = parent?.ownerIndex ?? user.index
    const shared = parent?.shared ?? false
    this.records.groups.set(created.data.id, {
      id: created.data.id,
      ownerIndex,
      createdBy: user.index,
      name,
      nameVersion: created.data.version,
      parentId: parent?.id ?? null,
      parentVersion: created.data.version,
    })
    const group = { id: created.data.id, ownerIndex, version: created.data.version, shared }
    this.knownOf(user).set(group.id, group)
    // The owner may write under a group an editor created in its tree.
    if (ownerIndex !== user.index) {
      const owner = this.users[ownerIndex]
      if (owner) this.knownOf(owner).set(group.id, { ...group })
    }
  }

  async rename(user: Soaker, group: KnownGroup, name: string): Promise<void> {
    const result = await this.call(user, 'updateGroup', 'POST', {
      id: group.id,
      version: group.version,
      name,
      description: '',
      icon: null,
      color: null,
    })
    if (!result.ok) return
    const updated = groupNodeSchema.safeParse(result.value)
    if (!updated.success) return this.malformed('updateGroup', updated.error.message)
    group.version = updated.data.version
    const record = this.records.groups.get(group.id)
    if (record && updated.data.version > record.nameVersion) {
      record.name = name
      record.nameVersion = updated.data.version
    }
  }

  async move(user: Soaker, group: KnownGroup, parent: KnownGroup | null): Promise<void> {
    const result = await this.call(user, 'moveGroup', 'POST', {
      id: group.id,
      version: group.version,
      parentId: parent?.id ?? null,
    })
    if (!result.ok) return
    const moved = placementSchema.safeParse(result.value)
    if (!moved.success) return this.malformed('moveGroup', moved.error.message)
    group.version = moved.data.version
    const record = this.records.groups.get(group.id)
    if (record && moved.data.version > record.parentVersion) {
      record.parentId = moved.data.parentId
      record.parentVersion = moved.data.version
    }
  }

  /** The tree read; refreshes the versions this user knows. */
  async readTree(user: Soaker): Promise<void> {
    const result = await this.call(user, 'getGroupTree', 'GET')
    if (!result.ok) return
    const tree = treeSchema.safeParse(result.value)
    if (!tree.success) return this.malformed('getGroupTree', tree.error.message)
    const known = this.knownOf(user)
    tree.data.groups.id.forEach((id, at) => {
      const group = known.get(id)
      const version = tree.data.groups.version[at]
      if (group && version !== undefined) group.version = Math.max(group.version, version)
    })
  }

  async shareRoot(owner: Soaker, joiner: Soaker): Promise<void> {
    const rootId = this.sharedRoots.get(owner.index)
    if (!rootId) return
    const link = await this.call(owner, 'createShareLink', 'POST', {
      groupId: rootId,
      permission: 'edit',
      expiresInDays: 7,
    })
    if (!link.ok) return
    const parsed = linkSchema.safeParse(link.value)
    if (!parsed.success) return this.malformed('createShareLink', parsed.error.message)
    const joined = await this.call(joiner, 'joinShareLink', 'POST', {
      linkId: parsed.data.token,
      permission: 'edit',
    })
    if (!joined.ok) return
    const join = joinSchema.safeParse(joined.value)
    if (!join.success) return this.malformed('joinShareLink', join.error.message)
    this.records.joins.add(`${rootId}|${joiner.index}`)
    const known = this.knownOf(joiner)
    // The owner's shared root and what it knows under it become writable for the editor
    // (not the groups others shared with the owner).
    for (const group of this.knownOf(owner).values()) {
      const inRoot = group.shared && group.ownerIndex === owner.index
      if (inRoot && !known.has(group.id)) known.set(group.id, { ...group })
    }
  }

  /** Adds channels to the user's own library, or (editors) into a group of someone else's. */
  async addChannels(user: Soaker, channelIds: string[], target: KnownGroup | null): Promise<void> {
    const result = await this.call(user, 'addChannels', 'POST', {
      channelIds,
      groupId: target?.id ?? null,
    })
    if (!result.ok || !target) return
    for (const channelId of channelIds) {
      const key = `${target.ownerIndex}|${channelId}`
      const groups = this.records.libraryAdds.get(key) ?? new Set()
      groups.add(target.id)
      this.records.libraryAdds.set(key, groups)
    }
  }

  /** Reads the user's own library: the entries setEntryGroups may change. */
  async readLibrary(user: Soaker): Promise<void> {
    const result = await this.call(user, 'listLibrary', 'GET', { kind: 'channel' })
    if (!result.ok) return
    const library = librarySchema.safeParse(result.value)
    if (!library.success) return this.malformed('listLibrary', library.error.message)
    const own = new Set(this.ownChannels[user.index])
    const entries = this.entries.get(user.index)
    for (const entry of library.data.entries) {
      if (own.has(entry.sourceId)) entries?.set(entry.sourceId, entry)
    }
  }

  async setEntryGroups(user: Soaker, entry: SoakEntry, groupIds: string[]) {
    // The set it read is the change's version: a stale one is refused, then read again.
    const result = await this.call(user, 'setEntryGroups', 'POST', {
      id: entry.id,
      groupIds,
      readGroupIds: entry.groupIds,
    })
    if (!result.ok) {
      if (result.kind === 'STALE_VERSION') await this.readLibrary(user)
      return
    }
    const set = entryGroupsSchema.safeParse(result.value)
    if (!set.success) return this.malformed('setEntryGroups', set.error.message)
    entry.groupIds = set.data.groupIds
    this.records.entryGroups.set(entry.id, { ownerIndex: user.index, groupIds: set.data.groupIds })
  }

  /** p50/p99 per operation, slowest p99 first. */
  figures() {
    return [...this.latencies.entries()]
      .map(([name, values]) => ({
        name,
        count: values.length,
        p50: percentile(values, 50),
        p99: percentile(values, 99),
      }))
      .sort((a, b) => b.p99 - a.p99)
  }
}
