/**
 * The soak's mixed load: each user in a loop of its own picks its next
 * operation at random (seeded, so a run can be repeated) until the time is up.
 */
import type { KnownGroup, Soak, Soaker } from './soak-world.ts'

/** Deep trees only slow the run down; the depth limit has tests of its own. */
const MAX_DEPTH = 4

type Operation = { weight: number; run: (user: Soaker) => Promise<void> }

/** mulberry32: a small repeatable generator (the run is the same for the same seed and answers). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export async function runLoad(soak: Soak, durationMs: number, seed: number) {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)]
  let names = 0
  const newName = (user: Soaker) => `Soak u${user.index} n${++names}`

  const depthOf = (id: string | null): number => {
    let depth = 0
    for (let at = id; at !== null && depth < 20; depth++) {
      at = soak.records.groups.get(at)?.parentId ?? null
    }
    return depth
  }
  /** Whether `candidate` is `group` or lies under it (by what the soak was told). */
  const isUnder = (candidate: string, group: string): boolean => {
    for (let at: string | null = candidate, hops = 0; at !== null && hops < 20; hops++) {
      if (at === group) return true
      at = soak.records.groups.get(at)?.parentId ?? null
    }
    return false
  }
  const writable = (user: Soaker, shared: boolean) =>
    [...soak.knownOf(user).values()].filter((group) => group.shared === shared)
  const ownGroups = (user: Soaker) =>
    [...soak.knownOf(user).values()].filter((group) => group.ownerIndex === user.index)
  const roots = new Set(soak.sharedRoots.values())

  const operations: Operation[] = [
    {
      weight: 14,
      run: async (user) => {
        const shallow = writable(user, false).filter((group) => depthOf(group.id) < MAX_DEPTH)
        const parent = random() < 0.4 ? null : (pick(shallow) ?? null)
        await soak.createGroup(user, newName(user), parent)
      },
    },
    {
      weight: 8,
      run: async (user) => {
        const shallow = writable(user, true).filter((group) => depthOf(group.id) < MAX_DEPTH)
        const parent = pick(shallow)
        if (parent) await soak.createGroup(user, newName(user), parent)
      },
    },
    {
      weight: 14,
      run: async (user) => {
        // The shared roots stay as they are: only groups inside them are renamed by editors.
        const group = pick(
          [...soak.knownOf(user).values()].filter(
            (candidate) => candidate.ownerIndex === user.index || !roots.has(candidate.id),
          ),
        )
        if (group) await soak.rename(user, group, newName(user))
      },
    },
    {
      weight: 8,
      run: async (user) => {
        // Private groups move within the private part, shared ones within their shared tree.
        const shared = random() < 0.5
        const movable = writable(user, shared).filter((group) => !roots.has(group.id))
        const group = pick(movable)
        if (!group) return
        const targets = writable(user, shared).filter(
          (candidate) =>
            candidate.ownerIndex === group.ownerIndex &&
            !isUnder(candidate.id, group.id) &&
            depthOf(candidate.id) < MAX_DEPTH,
        )
        const parent = shared ? pick(targets) : random() < 0.3 ? null : pick(targets)
        if (parent === undefined) return
        await soak.move(user, group, parent)
      },
    },
    {
      weight: 5,
      run: async (user) => {
        const own = soak.ownChannels[user.index] ?? []
        const batch = own.filter(() => random() < 0.3)
        if (batch.length > 0) await soak.addChannels(user, batch, null)
      },
    },
    {
      weight: 4,
      run: async (user) => {
        const target = pick(writable(user, true).filter((group) => group.ownerIndex !== user.index))
        const channel = pick(soak.sharedPool)
        if (target && channel) await soak.addChannels(user, [channel], target)
      },
    },
    {
      weight: 1,
      run: async (user) => {
        // Looked up through the fake YouTube; past its limit the answer is 429-like RATE_LIMITED.
        const channel = pick(soak.ownChannels[user.index] ?? [])
        if (channel) {
          await soak.call(user, 'resolveChannels', 'POST', {
            text: `https://www.youtube.com/channel/${channel}`,
            groupId: null,
          })
        }
      },
    },
    {
      weight: 8,
      run: async (user) => {
        const entries = [...(soak.entries.get(user.index)?.values() ?? [])]
        const entry = pick(entries)
        if (!entry) return soak.readLibrary(user)
        const groups = ownGroups(user)
          .filter(() => random() < 0.15)
          .map((group: KnownGroup) => group.id)
        await soak.setEntryGroups(user, entry, groups)
      },
    },
    {
      weight: 3,
      run: async (user) => {
        const joiner = pick(soak.users.filter((other) => other.index !== user.index))
        if (joiner) await soak.shareRoot(user, joiner)
      },
    },
    { weight: 12, run: (user) => soak.readTree(user) },
    {
      weight: 9,
      run: async (user) => {
        const group = pick([...soak.knownOf(user).values()])
        if (group) await soak.call(user, 'getGroupDetail', 'GET', { id: group.id })
      },
    },
    {
      weight: 5,
      run: async (user) => {
        const group = pick([...soak.knownOf(user).values()])
        if (group) await soak.call(user, 'getGroupFeed', 'GET', { groupId: group.id })
      },
    },
    { weight: 3, run: (user) => soak.readLibrary(user) },
  ]
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0)
  const choose = (): Operation => {
    let roll = random() * total
    for (const operation of operations) {
      roll -= operation.weight
      if (roll < 0) return operation
    }
    const last = operations.at(-1)
    if (!last) throw new Error('no operations')
    return last
  }

  const deadline = performance.now() + durationMs
  let operationsRun = 0
  await Promise.all(
    soak.users.map(async (user) => {
      while (performance.now() < deadline) {
        await choose().run(user)
        operationsRun++
      }
    }),
  )
  return operationsRun
}
