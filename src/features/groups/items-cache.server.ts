import { createHash } from 'node:crypto'
import { type ChangeFeed, changeFeedOf, type Database } from '~/db/client.server'
import type { GroupItem } from './groups.schemas'
import { readGroupItems } from './items.server'
import { treeStamp } from './tree-cache.server'

/** Items kept at most, over every cached group (a 500-item group is ~0.5 MB with its JSON). */
const MAX_ITEMS = 10_000

type Entry = { stamp: string; size: number; items: Promise<GroupItem[]> }

/** `items_changed` counters: per owner whose entries changed, and one for the catalogue and resets. */
type Live = { feed: ChangeFeed; everything: number; byOwner: Map<string, number> }

type State = { live: Promise<Live | null>; entries: Map<string, Entry>; size: number }

// Per database object, so test databases never mix.
const states = new WeakMap<Database, State>()
type ItemsWire = { json: Buffer; digest: string }
/** A cached list's JSON, made once, for the wire (getGroupDetailWire). */
const wireOf = new WeakMap<readonly GroupItem[], ItemsWire>()

function stateOf(db: Database): State {
  let state = states.get(db)
  if (!state) {
    state = { live: listen(db), entries: new Map(), size: 0 }
    states.set(db, state)
  }
  return state
}

async function listen(db: Database): Promise<Live | null> {
  const feed = changeFeedOf(db)
  if (!feed) return null
  const live: Live = { feed, everything: 0, byOwner: new Map() }
  feed.onReset(() => {
    live.everything += 1
  })
  await feed.listen('items_changed', (owner) => {
    if (owner === '') live.everything += 1
    else live.byOwner.set(owner, (live.byOwner.get(owner) ?? 0) + 1)
  })
  return live
}

/**
 * From memory while nothing they show has changed (decision 0055): keyed by the owner's tree version and
 * items_changed counters. Only the owner sees private fields. Lists are shared: callers must not mutate.
 * Uncached whenever the feed cannot vouch for the stamp.
 */
export async function cachedGroupItems(
  db: Database,
  group: { id: string; ownerId: string },
  viewerId: string,
): Promise<GroupItem[]> {
  const own = viewerId === group.ownerId
  // Anyone but the owner reads as nobody: no alias or tags can leak through a shared list.
  const read = () => readGroupItems(db, group.id, own ? group.ownerId : null)
  const state = stateOf(db)
  const live = await state.live
  if (!live) return read()
  const resets = live.feed.resets()
  const tree = await treeStamp(db, [group.ownerId])
  if (!tree.current || live.feed.resets() !== resets) return read()
  // Read after the feed proved current: every change committed before this request is counted.
  const stamp = `${tree.stamp}|${live.everything}|${live.byOwner.get(group.ownerId) ?? 0}`
  const key = `${group.id}\n${group.ownerId}\n${own ? 'owner' : 'other'}`
  const hit = state.entries.get(key)
  if (hit && hit.stamp === stamp) {
    // Map order is recency order: move the hit to the end.
    state.entries.delete(key)
    state.entries.set(key, hit)
    return hit.items
  }
  const entry: Entry = { stamp, size: 1, items: read() }
  drop(state, key)
  state.entries.set(key, entry)
  entry.items.then(
    (items) => {
      if (state.entries.get(key) !== entry) return
      entry.size = Math.max(1, items.length)
      state.size += entry.size - 1
      evict(state)
    },
    () => {
      if (state.entries.get(key) === entry) drop(state, key)
    },
  )
  state.size += entry.size
  evict(state)
  return entry.items
}

function drop(state: State, key: string) {
  const entry = state.entries.get(key)
  if (!entry) return
  state.entries.delete(key)
  state.size -= entry.size
}

function evict(state: State) {
  for (const oldest of state.entries.keys()) {
    if (state.size <= MAX_ITEMS || state.entries.size <= 1) break
    drop(state, oldest)
  }
}

/** The items as UTF-8 JSON and its digest, made once per cached list. */
export function groupItemsWire(items: readonly GroupItem[]): ItemsWire {
  let wire = wireOf.get(items)
  if (!wire) {
    const json = Buffer.from(JSON.stringify(items))
    wire = { json, digest: createHash('sha1').update(json).digest('base64url') }
    wireOf.set(items, wire)
  }
  return wire
}
