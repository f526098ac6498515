import { IMPORT_FORMATS } from '~/config/formats'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { groupNameKey } from '~/db/name-key'
import { GROUP_NAME_MAX } from '~/features/groups/groups.schemas'
import { refKey } from '~/lib/youtube-urls'
import {
  IMPORT_MAX_CHANNELS,
  IMPORT_PROBLEM_CODES,
  type ImportGroup,
  type ImportItemRef,
  type ImportModel,
} from '../transfer.schemas'
import { PROBLEMS_MAX } from './model-builder'

/**
 * What every ImportModel a parser returns must satisfy, as a list of
 * violations (empty: well-formed). The fuzz tests hold every parser to it;
 * the import service may check stored models with it too.
 */
export function importModelViolations(model: ImportModel): string[] {
  const violations: string[] = []
  const fail = (message: string) => {
    if (violations.length < 20) violations.push(message)
  }
  if (!IMPORT_FORMATS.includes(model.format)) fail(`unknown format ${model.format}`)

  const channels = new Set<string>()
  for (const channel of model.channels) {
    if (channels.has(channel.key)) fail(`channel ${channel.key} twice`)
    channels.add(channel.key)
    if (channel.key !== refKey(channel.ref)) fail(`channel key ${channel.key} is not its refKey`)
    if (
      channel.title !== null &&
      (channel.title === '' || channel.title !== channel.title.trim())
    ) {
      fail(`channel ${channel.key} title not trimmed`)
    }
    if (channel.avatarUrl !== null && !/^https?:\/\//i.test(channel.avatarUrl)) {
      fail(`channel ${channel.key} avatar not http(s)`)
    }
  }
  if (channels.size > IMPORT_MAX_CHANNELS) fail('too many channels')
  const animes = new Set<string>()
  for (const anime of model.animes) {
    if (animes.has(anime.key)) fail(`anime ${anime.key} twice`)
    animes.add(anime.key)
    if (anime.title.trim() === '') fail(`anime ${anime.key} without title`)
  }
  const exists = (item: ImportItemRef) =>
    item.kind === 'channel' ? channels.has(item.key) : animes.has(item.key)

  const grouped = new Set<string>()
  const walk = (groups: ImportGroup[], depth: number) => {
    const names = new Set<string>()
    for (const group of groups) {
      if (depth > GROUP_DEPTH_MAX) fail(`group ${group.name} at depth ${depth}`)
      if (group.name === '' || group.name !== group.name.normalize('NFC').trim()) {
        fail(`group name ${JSON.stringify(group.name)} not clean`)
      }
      if (Array.from(group.name).length > GROUP_NAME_MAX) fail(`group name ${group.name} too long`)
      const key = groupNameKey(group.name)
      if (names.has(key)) fail(`sibling groups named ${group.name}`)
      names.add(key)
      const items = new Set<string>()
      for (const item of group.items) {
        const id = `${item.kind}:${item.key}`
        if (!exists(item)) fail(`group ${group.name} holds unknown ${id}`)
        if (items.has(id)) fail(`group ${group.name} holds ${id} twice`)
        items.add(id)
        grouped.add(id)
      }
      walk(group.groups, depth + 1)
    }
  }
  walk(model.groups, 1)

  const loose = new Set<string>()
  for (const item of model.ungrouped) {
    const id = `${item.kind}:${item.key}`
    if (!exists(item)) fail(`ungrouped unknown ${id}`)
    if (loose.has(id)) fail(`ungrouped ${id} twice`)
    if (grouped.has(id)) fail(`ungrouped ${id} is also in a group`)
    loose.add(id)
  }
  for (const key of channels) {
    if (!grouped.has(`channel:${key}`) && !loose.has(`channel:${key}`)) fail(`${key} nowhere`)
  }
  for (const key of animes) {
    if (!grouped.has(`anime:${key}`) && !loose.has(`anime:${key}`)) fail(`anime ${key} nowhere`)
  }

  if (model.problems.length > PROBLEMS_MAX) fail('too many problems')
  for (const problem of model.problems) {
    if (!IMPORT_PROBLEM_CODES.includes(problem.code)) fail(`unknown problem ${problem.code}`)
    if (problem.line !== null && (!Number.isInteger(problem.line) || problem.line < 1)) {
      fail(`problem line ${problem.line}`)
    }
    if (Array.from(problem.input).length > 200) fail('problem input too long')
  }
  const nothing = channels.size === 0 && animes.size === 0
  if (nothing && (model.format !== 'tubefold' || model.groups.length === 0)) fail('empty model')
  return violations
}
