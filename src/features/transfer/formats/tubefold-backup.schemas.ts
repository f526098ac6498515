import { z } from 'zod'
import {
  colorSchema,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  iconSchema,
} from '~/features/groups/groups.schemas'
import { ALIAS_MAX, NOTES_MAX, TAG_MAX, TAGS_MAX } from '~/features/library/entries.schemas'
import { CHANNEL_ID_RE } from '~/lib/youtube-urls'

/*
 * The Tubefold backup, version 1: lossless (tree, order, icons, colours,
 * descriptions, items, aliases, notes, tags, animes). Documented for other
 * tools in docs/backup-format.md; a change of shape means a new version and
 * a reader that still accepts the old one.
 */

export const BACKUP_FORMAT = 'tubefold-backup'
export const BACKUP_VERSION = 1

const itemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('channel'), id: z.string().regex(CHANNEL_ID_RE) }),
  z.object({ kind: z.literal('anime'), id: z.string().min(1).max(40) }),
])

export type BackupGroup = {
  name: string
  description: string
  icon: string | null
  color: z.infer<typeof colorSchema> | null
  groups: BackupGroup[]
  items: z.infer<typeof itemSchema>[]
}

const groupSchema: z.ZodType<BackupGroup> = z.lazy(() =>
  z.object({
    name: z
      .string()
      .min(1)
      .max(GROUP_NAME_MAX * 4),
    description: z
      .string()
      .max(GROUP_DESCRIPTION_MAX * 4)
      .default(''),
    icon: iconSchema.nullable().default(null),
    color: colorSchema.nullable().default(null),
    groups: z.array(groupSchema).default([]),
    items: z.array(itemSchema).default([]),
  }),
)

const extrasShape = {
  alias: z.string().max(ALIAS_MAX).nullable().default(null),
  notes: z.string().max(NOTES_MAX).default(''),
  tags: z.array(z.string().min(1).max(TAG_MAX)).max(TAGS_MAX).default([]),
}

export const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exportedAt: z.string(),
  scope: z.enum(['account', 'group']),
  groups: z.array(groupSchema),
  ungrouped: z.array(itemSchema).default([]),
  channels: z.array(
    z.object({
      id: z.string().regex(CHANNEL_ID_RE),
      title: z.string().max(500),
      handle: z.string().max(100).nullable().default(null),
      avatarUrl: z.string().max(2000).nullable().default(null),
      ...extrasShape,
    }),
  ),
  animes: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        slug: z.string().max(200),
        title: z.string().max(500),
        posterUrl: z.string().max(2000).nullable().default(null),
        ...extrasShape,
      }),
    )
    .default([]),
})

/** What the exporter writes (defaults filled in). */
export type Backup = z.output<typeof backupSchema>
