import { z } from 'zod'
import { refInput } from '~/lib/youtube-urls'
import type {
  ImportContents,
  ImportExclusions,
  ImportGroup,
  ImportItemRef,
  ImportModel,
} from './transfer.schemas'

/*
 * What the user left ticked in the preview (decision 0054), sent back as unticked indexes. The client's
 * counts and the job's writes both go through `selection`, so what the button says is what apply does.
 */

/** The model as the preview lists it: titles, and every group's items as indexes. */
export function contentsOf(model: ImportModel): ImportContents {
  const channelAt = new Map(model.channels.map((channel, index) => [channel.key, index]))
  const animeAt = new Map(model.animes.map((anime, index) => [anime.key, index]))
  const indexes = (items: readonly ImportItemRef[]) => {
    const channels: number[] = []
    const animes: number[] = []
    for (const item of items) {
      const index = item.kind === 'channel' ? channelAt.get(item.key) : animeAt.get(item.key)
      if (index === undefined) continue
      if (item.kind === 'channel') channels.push(index)
      else animes.push(index)
    }
    return { channels, animes }
  }
  const groups: ImportContents['groups'] = []
  const walk = (sources: readonly ImportGroup[], parent: number | null) => {
    for (const source of sources) {
      const index = groups.length
      groups.push({ parent, name: source.name, ...indexes(source.items) })
      walk(source.groups, index)
    }
  }
  walk(model.groups, null)
  return {
    channels: model.channels.map((channel) => ({
      title: channel.title,
      ref: refInput(channel.ref),
    })),
    animes: model.animes.map((anime) => ({ title: anime.title })),
    groups,
    ungrouped: indexes(model.ungrouped),
  }
}

export const NO_EXCLUSIONS: ImportExclusions = {
  groups: [],
  channels: [],
  animes: [],
  ungrouped: false,
}

export type Selection = {
  /** By group index: ticked, and so is every ancestor. */
  groupKept: boolean[]
  /** By channel index: ticked, and in a kept group or in the kept ungrouped list. */
  channelKept: boolean[]
  animeKept: boolean[]
  groups: number
  channels: number
  animes: number
}

function flags(length: number, indexes: readonly number[]): boolean[] {
  const out = new Array<boolean>(length).fill(false)
  for (const index of indexes) if (index >= 0 && index < length) out[index] = true
  return out
}

/**
 * An unticked group takes its subtree, its items coming only if another kept group (or the ungrouped
 * list) holds them; an unticked channel or anime comes from nowhere.
 */
export function selection(contents: ImportContents, exclusions: ImportExclusions): Selection {
  const groupOut = flags(contents.groups.length, exclusions.groups)
  const channelOut = flags(contents.channels.length, exclusions.channels)
  const animeOut = flags(contents.animes.length, exclusions.animes)
  const groupKept = new Array<boolean>(contents.groups.length).fill(false)
  const channelKept = new Array<boolean>(contents.channels.length).fill(false)
  const animeKept = new Array<boolean>(contents.animes.length).fill(false)
  const keepItems = (items: { channels: number[]; animes: number[] }) => {
    for (const index of items.channels) if (!channelOut[index]) channelKept[index] = true
    for (const index of items.animes) if (!animeOut[index]) animeKept[index] = true
  }
  let groups = 0
  // Pre-order: a parent is decided before its children.
  contents.groups.forEach((group, index) => {
    const parentKept = group.parent === null || groupKept[group.parent] === true
    if (!parentKept || groupOut[index]) return
    groupKept[index] = true
    groups += 1
    keepItems(group)
  })
  if (!exclusions.ungrouped) keepItems(contents.ungrouped)
  return {
    groupKept,
    channelKept,
    animeKept,
    groups,
    channels: channelKept.filter(Boolean).length,
    animes: animeKept.filter(Boolean).length,
  }
}

/** Unticked indexes, each within the preview's lists (an index from elsewhere is refused). */
export function exclusionsSchemaFor(contents: ImportContents) {
  const indexes = (length: number) =>
    z.array(
      z
        .int()
        .min(0)
        .max(length - 1),
    )
  return z.object({
    groups: indexes(contents.groups.length),
    channels: indexes(contents.channels.length),
    animes: indexes(contents.animes.length),
    ungrouped: z.boolean(),
  })
}

/** The model with only what is kept: the job applies this one. */
export function selectModel(model: ImportModel, exclusions: ImportExclusions): ImportModel {
  const nothingOut =
    exclusions.groups.length === 0 &&
    exclusions.channels.length === 0 &&
    exclusions.animes.length === 0 &&
    !exclusions.ungrouped
  if (nothingOut) return model
  const kept = selection(contentsOf(model), exclusions)
  const channelOut = new Set(exclusions.channels.map((index) => model.channels[index]?.key))
  const animeOut = new Set(exclusions.animes.map((index) => model.animes[index]?.key))
  const keepItem = (item: ImportItemRef) =>
    !(item.kind === 'channel' ? channelOut : animeOut).has(item.key)
  let next = 0
  const walk = (sources: readonly ImportGroup[]): ImportGroup[] => {
    const out: ImportGroup[] = []
    for (const source of sources) {
      const index = next++
      // The subtree is walked anyway so that later indexes stay in step.
      const groups = walk(source.groups)
      if (kept.groupKept[index])
        out.push({ ...source, items: source.items.filter(keepItem), groups })
    }
    return out
  }
  return {
    ...model,
    groups: walk(model.groups),
    ungrouped: exclusions.ungrouped ? [] : model.ungrouped.filter(keepItem),
    channels: model.channels.filter((_, index) => kept.channelKept[index]),
    animes: model.animes.filter((_, index) => kept.animeKept[index]),
  }
}
