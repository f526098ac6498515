import type { ImportItemRef, ImportModel } from '../transfer.schemas'
import { type GroupNode, ModelBuilder, malformed } from './model-builder'
import { type BackupGroup, backupSchema } from './tubefold-backup.schemas'

/*
 * Our own lossless backup: the tree as it is (names are not split on " / "),
 * icons, colours, descriptions, aliases, notes, tags and animes. Channel
 * problems are numbered by their place in `channels`; tree problems by the
 * group's place in a depth-first walk.
 */

export function parseTubefoldBackup(value: unknown): ImportModel {
  const parsed = backupSchema.safeParse(value)
  if (!parsed.success) throw malformed('tubefold')
  const backup = parsed.data
  const builder = new ModelBuilder('tubefold')

  const seenChannels = new Set<string>()
  backup.channels.forEach((channel, index) => {
    if (seenChannels.has(channel.id)) builder.problem(index + 1, 'duplicate', channel.id)
    seenChannels.add(channel.id)
    builder.channel(
      { kind: 'id', id: channel.id },
      {
        title: channel.title,
        avatarUrl: channel.avatarUrl,
        extras: { alias: channel.alias, notes: channel.notes, tags: channel.tags },
      },
    )
  })
  const animes = new Map<string, ImportItemRef>()
  backup.animes.forEach((anime, index) => {
    if (animes.has(anime.id)) builder.problem(index + 1, 'duplicate', anime.id)
    animes.set(
      anime.id,
      builder.anime({
        id: anime.id,
        slug: anime.slug,
        title: anime.title,
        posterUrl: anime.posterUrl,
        extras: { alias: anime.alias, notes: anime.notes, tags: anime.tags },
      }),
    )
  })

  const place = (
    node: GroupNode | null,
    item: BackupGroup['items'][number],
    line: number | null,
  ) => {
    if (item.kind === 'channel') {
      builder.place(node, builder.channel({ kind: 'id', id: item.id }), line, item.id)
      return
    }
    const anime = animes.get(item.id)
    if (anime) builder.place(node, anime, line, item.id)
    else builder.problem(line, 'animeInvalid', item.id)
  }

  let line = 0
  const pending: { group: BackupGroup; parent: GroupNode | null }[] = backup.groups
    .map((group) => ({ group, parent: null }))
    .reverse()
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    line++
    const { group, parent } = next
    const node = builder.group(parent, group.name, line, {
      description: group.description,
      icon: group.icon,
      color: group.color,
    })
    for (const item of group.items) place(node, item, line)
    for (let i = group.groups.length - 1; i >= 0; i--) {
      const child = group.groups[i]
      if (child !== undefined) pending.push({ group: child, parent: node })
    }
  }
  for (const item of backup.ungrouped) place(null, item, null)
  return builder.build()
}
