import { searchKey } from '~/features/groups/tree'
import type { Selection } from '../import-selection'
import type { ImportContents, ImportExclusions } from '../transfer.schemas'

/* The preview's list of what will be added, without React. */

export type ContentRow =
  | { kind: 'group'; group: number; depth: number }
  | { kind: 'ungrouped' }
  | { kind: 'channel' | 'anime'; index: number; group: number | null }

/** A group's path from the top ("Music / Jazz"), its depth, and search keys, computed once. */
export type ContentsIndex = {
  contents: ImportContents
  paths: string[]
  depths: number[]
  groupKeys: string[]
  channelKeys: string[]
  animeKeys: string[]
}

export const PATH_SEPARATOR = ' / '

export function indexContents(contents: ImportContents): ContentsIndex {
  const paths: string[] = []
  const depths: number[] = []
  contents.groups.forEach((group, index) => {
    const parent = group.parent
    paths[index] = parent === null ? group.name : `${paths[parent]}${PATH_SEPARATOR}${group.name}`
    depths[index] = parent === null ? 1 : (depths[parent] ?? 0) + 1
  })
  return {
    contents,
    paths,
    depths,
    groupKeys: paths.map(searchKey),
    channelKeys: contents.channels.map((channel) =>
      searchKey(channel.title === null ? channel.ref : `${channel.title} ${channel.ref}`),
    ),
    animeKeys: contents.animes.map((anime) => searchKey(anime.title)),
  }
}

/** An item shows when it or its group's path matches; a group when its path or any item does. */
export function contentRows(index: ContentsIndex, query: string): ContentRow[] {
  const key = searchKey(query)
  const { contents } = index
  const rows: ContentRow[] = []
  const section = (
    items: { channels: number[]; animes: number[] },
    group: number | null,
    whole: boolean,
    header: ContentRow,
  ) => {
    const start = rows.length
    rows.push(header)
    for (const item of items.channels) {
      if (whole || index.channelKeys[item]?.includes(key)) {
        rows.push({ kind: 'channel', index: item, group })
      }
    }
    for (const item of items.animes) {
      if (whole || index.animeKeys[item]?.includes(key)) {
        rows.push({ kind: 'anime', index: item, group })
      }
    }
    // A header with nothing under it shows only when it matches itself.
    if (!whole && rows.length === start + 1) rows.pop()
  }
  contents.groups.forEach((group, at) => {
    const whole = key === '' || (index.groupKeys[at]?.includes(key) ?? false)
    const header: ContentRow = { kind: 'group', group: at, depth: index.depths[at] ?? 1 }
    section(group, at, whole, header)
  })
  const { ungrouped } = contents
  if (ungrouped.channels.length + ungrouped.animes.length > 0) {
    section(ungrouped, null, key === '', { kind: 'ungrouped' })
  }
  return rows
}

/** Whether a row's box is ticked, and whether it can be (under an unticked group it cannot). */
export function rowTick(
  row: ContentRow,
  contents: ImportContents,
  exclusions: ImportExclusions,
  kept: Selection,
): { checked: boolean; disabled: boolean } {
  if (row.kind === 'ungrouped') return { checked: !exclusions.ungrouped, disabled: false }
  if (row.kind === 'group') {
    const parent = contents.groups[row.group]?.parent ?? null
    const parentKept = parent === null || kept.groupKept[parent] === true
    return { checked: kept.groupKept[row.group] === true, disabled: !parentKept }
  }
  const sectionKept = row.group === null ? !exclusions.ungrouped : kept.groupKept[row.group]
  const own = row.kind === 'channel' ? exclusions.channels : exclusions.animes
  return {
    checked: sectionKept === true && !own.includes(row.index),
    disabled: sectionKept !== true,
  }
}

function toggled(list: readonly number[], value: number): number[] {
  return list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value]
}

/** An item is unticked wherever the file lists it; a group takes its subtree with it. */
export function toggleRow(row: ContentRow, exclusions: ImportExclusions): ImportExclusions {
  switch (row.kind) {
    case 'ungrouped':
      return { ...exclusions, ungrouped: !exclusions.ungrouped }
    case 'group':
      return { ...exclusions, groups: toggled(exclusions.groups, row.group) }
    case 'channel':
      return { ...exclusions, channels: toggled(exclusions.channels, row.index) }
    case 'anime':
      return { ...exclusions, animes: toggled(exclusions.animes, row.index) }
  }
}

/** Sorted, so equal selections send equal bodies. */
export function sortedExclusions(exclusions: ImportExclusions): ImportExclusions {
  const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b)
  return {
    groups: sorted(exclusions.groups),
    channels: sorted(exclusions.channels),
    animes: sorted(exclusions.animes),
    ungrouped: exclusions.ungrouped,
  }
}
