import { relations, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ChannelRef } from '~/lib/youtube-urls'
import {
  MEMBER_ROLES,
  type MemberRole,
  SHARE_PERMISSIONS,
  type SharePermission,
  type TeamEvent,
  UPLOAD_NOTICES,
} from './enums'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

// Better Auth's tables, in our own migrations so one schema serves both engines.
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  locale: text('locale').notNull().default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

// Better Auth reads a session with its user in one statement through these joins.
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}))
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}))
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}))

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/** Spent email-confirmation codes, making each single-use; keyed by a hash so no usable code is held. */
export const usedConfirmationCode = pgTable(
  'used_confirmation_code',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    usedAt: createdAt(),
  },
  (table) => [index('used_confirmation_code_user_id_idx').on(table.userId)],
)

/** Mail written while no SMTP server is configured (development), listed by the dev outbox page. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.createdAt)],
)

/**
 * A create's answer under the client's key, kept 24 h so a retry gets the first answer.
 * Written in the create's own transaction, so a key exists only if it committed.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    /** Which create the key was used for: the same key on another operation is refused. */
    operation: text('operation').notNull(),
    /** Null only inside the create's transaction, between the claim and the answer. */
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_key_created_at_idx').on(table.createdAt),
  ],
)

/** When a notice mail last went to an address (hashed, so deleted accounts leave none): at most once a day. */
export const mailNotice = pgTable(
  'mail_notice',
  {
    kind: text('kind', { enum: ['existing-account', 'account-deleted'] }).notNull(),
    addressHash: text('address_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.addressHash] })],
)

/**
 * The app's own rate limits: one fixed window per bucket and key, shared by every
 * instance. Better Auth's per-IP limiter keeps `rate_limit`. Keys are hashed.
 */
export const rateLimitWindow = pgTable(
  'rate_limit_window',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.keyHash] }),
    index('rate_limit_window_reset_at_idx').on(table.resetAt),
  ],
)

// One source for each enum: these arrays feed both the columns' checks and the zod schemas.
export const ENTRY_KINDS = ['channel', 'anime'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export const ACTIVITY_ACTIONS = [
  'group.created',
  'group.renamed',
  'group.updated',
  'group.moved',
  'group.deleted',
  'group.restored',
  'item.added',
  'item.removed',
  'item.moved',
  'import.applied',
  'group.copied',
  'group.transferred',
  'member.joined',
  'member.roleChanged',
  'member.removed',
  'member.left',
  'link.created',
  'link.revoked',
  'invitation.sent',
  'invitation.cancelled',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const GROUP_SORTS = ['manual', 'name', 'added', 'subscribers'] as const
export type GroupSort = (typeof GROUP_SORTS)[number]

// Fractional-index keys compare byte by byte in JS; collation "C" makes PostgreSQL agree on every locale.
const positionKey = customType<{ data: string }>({ dataType: () => 'text collate "C"' })
// Ordered as the library screen sorts titles (Intl.Collator base, numeric); created by migration 0008.
const titleOrderKey = customType<{ data: string }>({
  dataType: () => 'text collate "title_order"',
})

/** Sibling scope for unique indexes: top-level groups share the null parent. */
const NO_PARENT = sql`'00000000-0000-0000-0000-000000000000'::uuid`

export const group = pgTable(
  'group',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => group.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** NFKC + lower case, computed in code so both engines agree on "same name". */
    nameKey: text('name_key').notNull(),
    description: text('description').notNull().default(''),
    /** `lucide:<name>` or `emoji:<char>`; null falls back to the user's default. */
    icon: text('icon'),
    color: text('color'),
    position: positionKey('position').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('group_owner_id_idx').on(table.ownerId),
    index('group_parent_id_idx').on(table.parentId),
    uniqueIndex('group_sibling_name_key').on(
      table.ownerId,
      sql`coalesce(${table.parentId}, ${NO_PARENT})`,
      table.nameKey,
    ),
    uniqueIndex('group_sibling_position_key').on(
      table.ownerId,
      sql`coalesce(${table.parentId}, ${NO_PARENT})`,
      table.position,
    ),
    check(
      'group_not_own_parent',
      sql`${table.parentId} is null or ${table.parentId} <> ${table.id}`,
    ),
  ],
)

export const channel = pgTable(
  'channel',
  {
    id: text('id').primaryKey(),
    handle: text('handle'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    avatarUrl: text('avatar_url'),
    subscriberCount: bigint('subscriber_count', { mode: 'number' }),
    viewCount: bigint('view_count', { mode: 'number' }),
    videoCount: integer('video_count'),
    hiddenSubscriberCount: boolean('hidden_subscriber_count').notNull().default(false),
    country: text('country'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    etag: text('etag'),
    /** False while only an import file has named the channel (title is the id); look-ups still ask YouTube. */
    confirmed: boolean('confirmed').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('channel_handle_idx').on(sql`lower(${table.handle})`)],
)

export const anime = pgTable('anime', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  posterUrl: text('poster_url'),
  anilistId: integer('anilist_id'),
  seasons: integer('seasons'),
  episodes: integer('episodes'),
  year: integer('year'),
  genres: jsonb('genres').$type<string[]>().notNull().default([]),
  /** AniList's average score, 0–100. */
  score: real('score'),
  status: text('status'),
  nextEpisode: integer('next_episode'),
  nextAiringAt: timestamp('next_airing_at', { withTimezone: true }),
  latestEpisode: integer('latest_episode'),
  latestEpisodeAt: timestamp('latest_episode_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const libraryEntry = pgTable(
  'library_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    // Catalogue rows are shared, so they are never removed under a user's entry.
    channelId: text('channel_id').references(() => channel.id, { onDelete: 'restrict' }),
    animeId: text('anime_id').references(() => anime.id, { onDelete: 'restrict' }),
    alias: text('alias'),
    // Kept by triggers so a library's first screen is an index range, not a sort of every entry.
    displayTitle: titleOrderKey('display_title').notNull().default(''),
    notes: text('notes').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    importId: uuid('import_id'),
    addedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('library_entry_user_id_idx').on(table.userId),
    index('library_entry_import_id_idx')
      .on(table.importId)
      .where(sql`${table.importId} is not null`),
    index('library_entry_title_order_idx').on(
      table.userId,
      table.kind,
      table.displayTitle,
      table.id,
    ),
    uniqueIndex('library_entry_user_channel_key').on(table.userId, table.channelId),
    uniqueIndex('library_entry_user_anime_key').on(table.userId, table.animeId),
    index('library_entry_channel_id_idx').on(table.channelId),
    index('library_entry_anime_id_idx').on(table.animeId),
    check(
      'library_entry_one_target',
      sql`(${table.kind} = 'channel' and ${table.channelId} is not null and ${table.animeId} is null) or (${table.kind} = 'anime' and ${table.animeId} is not null and ${table.channelId} is null)`,
    ),
  ],
)

export const groupItem = pgTable(
  'group_item',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    // Removing an entry from the library takes it out of every group.
    entryId: uuid('entry_id')
      .notNull()
      .references(() => libraryEntry.id, { onDelete: 'cascade' }),
    position: positionKey('position').notNull(),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.entryId] }),
    index('group_item_entry_id_idx').on(table.entryId),
    uniqueIndex('group_item_position_key').on(table.groupId, table.position),
  ],
)

/** Rows outlive their group (id set null, name kept in `details`) so the overview still shows deletions. */
export const groupActivity = pgTable(
  'group_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => group.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The actor's display name at the time, kept when the account is gone. */
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_activity_group_idx').on(table.groupId, table.createdAt),
    index('group_activity_owner_idx').on(table.ownerId, table.createdAt),
    index('group_activity_actor_id_idx').on(table.actorId),
  ],
)

export const groupSettings = pgTable('group_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  defaultIcon: text('default_icon').notNull().default('lucide:folder'),
  defaultColor: text('default_color').notNull().default('blue'),
  defaultSort: text('default_sort', { enum: GROUP_SORTS }).notNull().default('manual'),
  treeExpanded: boolean('tree_expanded').notNull().default(true),
  showCounts: boolean('show_counts').notNull().default(true),
  updatedAt: updatedAt(),
})

export const groupFold = pgTable(
  'group_fold',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    expanded: boolean('expanded').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId] }),
    index('group_fold_group_id_idx').on(table.groupId),
  ],
)

/**
 * A version per user, moved on by triggers in the same transaction as any change to the
 * user's tree. The tree cache compares it, so it stays right across instances. No foreign
 * key: the triggers must not fail while an account's rows cascade away.
 */
export const treeVersion = pgTable('tree_version', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

export const JOB_STATES = ['queued', 'active', 'done', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]

// The job queue: claimed `for update skip locked` under a lease, so a job runs once and a dead one is retried.
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one queued or active job per key (schedules, one import at a time). */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('job_due_idx').on(table.state, table.runAt),
    uniqueIndex('job_singleton_key')
      .on(table.singletonKey)
      .where(sql`${table.state} in ('queued', 'active')`),
  ],
)

export const IMPORT_STATES = [
  'preview',
  'queued',
  'resolving',
  'applying',
  'done',
  'failed',
  'cancelled',
] as const

// The parsed file waits here between preview and confirmation; look-ups so far are kept in
// `data_import_resolved`, so a job cut off by a restart carries on.
export const dataImport = pgTable(
  'data_import',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('preview'),
    format: text('format').notNull(),
    fileName: text('file_name'),
    model: jsonb('model').notNull(),
    options: jsonb('options'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    result: jsonb('result'),
    /** A failed import's message key, and the values it names (a plan limit's `{max}`). */
    error: text('error'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    lookupIssue: text('lookup_issue'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('data_import_user_idx').on(table.userId, table.createdAt)],
)

/**
 * A channel that could not be looked up because YouTube was unreachable (decision 0049);
 * it becomes an entry placed in `groupIds` when the retry job resolves it. `payerId` pays
 * the units; `ownerId` owns the library it goes into.
 */
export const pendingLookup = pgTable(
  'pending_lookup',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    payerId: text('payer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    refKey: text('ref_key').notNull(),
    ref: jsonb('ref').$type<ChannelRef>().notNull(),
    /** Groups of the owner it goes into once resolved (deleted ones are skipped then). */
    groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
    importId: uuid('import_id').references(() => dataImport.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pending_lookup_owner_ref_idx').on(table.ownerId, table.refKey),
    index('pending_lookup_payer_idx').on(table.payerId),
    index('pending_lookup_import_idx').on(table.importId),
  ],
)

/**
 * What an import's look-ups found, one row per channel key (null: no such channel).
 * Each batch inserts only its own rows; a growing jsonb bloated PGlite.
 */
export const dataImportResolved = pgTable(
  'data_import_resolved',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => dataImport.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    channelId: text('channel_id'),
  },
  (table) => [primaryKey({ columns: [table.importId, table.key] })],
)

// Sharing (decision 0019): a share covers the group's subtree; the strongest grant on the ancestor chain wins.
// Defined apart (no drizzle there) so client code can use them; callers import them from here.
export { MEMBER_ROLES, type MemberRole, SHARE_PERMISSIONS, type SharePermission }

export const groupMember = pgTable(
  'group_member',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    /** Moves on with every role change, so a stale change from another tab is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_member_user_id_idx').on(table.userId),
  ],
)

/**
 * A share link. Its secret is never stored as such: `token_hash` finds the link and
 * `sealed_token` lets the owner copy it again (null: sealed under an older key).
 */
export const shareLink = pgTable(
  'share_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    sealedToken: text('sealed_token'),
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    permission: text('permission', { enum: SHARE_PERMISSIONS }).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('share_link_group_id_idx').on(table.groupId)],
)

// Only a hash of the token is stored: the mailed link is the one proof the invitee reads that mailbox.
export const groupInvitation = pgTable(
  'group_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    /** Lower-cased; accepting needs an account with this address. */
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_invitation_group_id_idx').on(table.groupId),
    uniqueIndex('group_invitation_pending_key')
      .on(table.groupId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.cancelledAt} is null`),
  ],
)

// Every instance computes the same slots; the one whose compare-and-set moves `next_run_at` enqueues the run.
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  /** Five-field cron expression, evaluated in `time_zone`. */
  cron: text('cron').notNull(),
  timeZone: text('time_zone').notNull().default('UTC'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  updatedAt: updatedAt(),
})

export const QUOTA_PURPOSES = ['sync', 'lookup', 'import', 'subscriptions', 'exhausted'] as const
export type QuotaPurpose = (typeof QUOTA_PURPOSES)[number]

// YouTube units spent per Pacific day (YouTube's reset); `exhausted` books the rest of the day when YouTube says so.
export const youtubeQuota = pgTable(
  'youtube_quota',
  {
    day: date('day', { mode: 'string' }).notNull(),
    purpose: text('purpose', { enum: QUOTA_PURPOSES }).notNull(),
    units: integer('units').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.day, table.purpose] })],
)

// Each user's share of the day's units, booked in the same transaction: one account cannot spend everyone's quota.
export const youtubeQuotaUser = pgTable(
  'youtube_quota_user',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] })],
)

/** The ETag of one `channels.list` batch, keyed by a hash of its sorted ids. */
export const youtubeBatchEtag = pgTable('youtube_batch_etag', {
  key: text('key').primaryKey(),
  etag: text('etag').notNull(),
  updatedAt: updatedAt(),
})

export const channelStat = pgTable(
  'channel_stat',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => channel.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    subscriberCount: bigint('subscriber_count', { mode: 'number' }),
    viewCount: bigint('view_count', { mode: 'number' }),
    videoCount: integer('video_count'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.day] }),
    index('channel_stat_day_idx').on(table.day),
  ],
)

export const channelFeed = pgTable(
  'channel_feed',
  {
    channelId: text('channel_id')
      .primaryKey()
      .references(() => channel.id, { onDelete: 'cascade' }),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** Last time YouTube answered 200 or 304: the cache is fresh for 15 minutes after it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [index('channel_feed_checked_idx').on(table.checkedAt)],
)

export const video = pgTable(
  'video',
  {
    id: text('id').primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => channel.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    /** RSS links Shorts as `/shorts/<id>`. */
    isShort: boolean('is_short').notNull().default(false),
    viewCount: bigint('view_count', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('video_channel_published_idx').on(table.channelId, table.publishedAt)],
)

export const videoWatch = pgTable(
  'video_watch',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.videoId] }),
    index('video_watch_video_id_idx').on(table.videoId),
  ],
)

/** When a user last looked at a group's feed: "new since last visit" counts from here. */
export const groupVisit = pgTable(
  'group_visit',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId] }),
    index('group_visit_group_id_idx').on(table.groupId),
  ],
)

/**
 * A deleted group's subtree, kept 30 days (decision 0053). Its rows and those pointing at
 * it move here as JSON, so no read sees them; restoring puts them back. No foreign key on
 * `parent_id`: the parent may go meanwhile (then it returns at the top level).
 */
export const groupTrash = pgTable(
  'group_trash',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    path: jsonb('path').$type<string[]>().notNull().default([]),
    subgroupCount: integer('subgroup_count').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    trashedBy: text('trashed_by').references(() => user.id, { onDelete: 'set null' }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Table name → rows (to_jsonb of each row), put back by jsonb_populate_recordset. */
    rows: jsonb('rows').$type<Record<string, unknown[]>>().notNull(),
  },
  (table) => [
    index('group_trash_owner_idx').on(table.ownerId, table.trashedAt),
    index('group_trash_trashed_at_idx').on(table.trashedAt),
    index('group_trash_trashed_by_idx').on(table.trashedBy),
  ],
)

// Tokens are sealed with AES-256-GCM under TOKEN_ENCRYPTION_KEY; never stored in clear.
export const youtubeConnection = pgTable('youtube_connection', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  channelId: text('channel_id'),
  channelTitle: text('channel_title'),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  scope: text('scope').notNull(),
  lastImportAt: timestamp('last_import_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const SUBSCRIPTION_PLANS = ['pro', 'business'] as const
/** Stripe's subscription statuses, plus `none` (never subscribed, no trial running). */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

// One row per account: the trial, then the Stripe subscription mirrored from webhooks. The plan is derived, never stored.
export const subscription = pgTable('subscription', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: SUBSCRIPTION_PLANS }).notNull().default('pro'),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Business seats billed (people shared with + the owner). */
  quantity: integer('quantity').notNull().default(1),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  /** The trial mails already sent ('soon', 'ended'), so the daily job sends each once. */
  trialNotices: jsonb('trial_notices').$type<string[]>().notNull().default([]),
  /** Business was tried once (from the billing screen); a second trial is refused. */
  businessTrialUsed: boolean('business_trial_used').notNull().default(false),
  /** When Stripe created the newest event mirrored here: an older one arriving late is ignored. */
  stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
  /** When Stripe created the mirrored subscription: an older one never takes the row from it. */
  stripeSubscriptionCreatedAt: timestamp('stripe_subscription_created_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** A payment-provider event applied once: a replay finds its id here and changes nothing. */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

// Subgroups without a row of their own follow the nearest ancestor that has one.
export const groupNotification = pgTable(
  'group_notification',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    uploads: text('uploads', { enum: UPLOAD_NOTICES }).notNull(),
    includeShorts: boolean('include_shorts').notNull().default(true),
    includeLive: boolean('include_live').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId] }),
    index('group_notification_group_id_idx').on(table.groupId),
  ],
)

export const notificationPreference = pgTable('notification_preference', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** IANA zone: digest periods and quiet hours are read in it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Quiet hours as minutes after local midnight; both null: none. */
  quietStart: integer('quiet_start'),
  quietEnd: integer('quiet_end'),
  /** Team events this user switched off (default: every event on). */
  mutedTeamEvents: jsonb('muted_team_events').$type<TeamEvent[]>().notNull().default([]),
  updatedAt: updatedAt(),
})

/** A video already announced to a user, by digest or push: never twice. */
export const notifiedVideo = pgTable(
  'notified_video',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.videoId] }),
    index('notified_video_video_id_idx').on(table.videoId),
    index('notified_video_created_at_idx').on(table.createdAt),
  ],
)

/** A digest sent: at most one per user and period (`daily:2026-11-27`, `weekly:2026-W48`). */
export const notificationDigest = pgTable(
  'notification_digest',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.period] })],
)

// `group_id` has no foreign key: a notice that a group was deleted outlives the group.
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    groupId: uuid('group_id'),
    /** What the text needs (names, counts, video ids); rendered in the reader's language. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('notification_user_created_idx').on(table.userId, table.createdAt)],
)

/** A browser that accepted Web Push for a user; pruned when its service answers 404/410. */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
  },
  (table) => [
    uniqueIndex('push_subscription_endpoint_idx').on(table.endpoint),
    index('push_subscription_user_id_idx').on(table.userId),
  ],
)

// Moved on in the transaction that acts on what it read, so a crash neither skips nor repeats.
export const notificationCursor = pgTable('notification_cursor', {
  name: text('name').primaryKey(),
  afterAt: timestamp('after_at', { withTimezone: true }).notNull(),
  afterId: uuid('after_id'),
  updatedAt: updatedAt(),
})
