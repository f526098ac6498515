import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { firstRow, integer } from '~/db/raw-rows.server'
import {
  anime,
  channel,
  channelFeed,
  channelStat,
  group,
  groupActivity,
  groupTrash,
  job,
  jobSchedule,
  libraryEntry,
  notification,
  notificationCursor,
  pendingLookup,
  rateLimitWindow,
  user,
  video,
} from '~/db/schema'
import { TRIAL_DAYS } from '~/features/billing/plans'
import { handleStripeWebhook } from '~/features/billing/stripe-webhook.server'
import { readPlanState, startTrial } from '~/features/billing/subscription.server'
import { recordActivity } from '~/features/groups/activity.server'
import { deleteGroup } from '~/features/groups/groups.server'
import { TRASH_KEEP_DAYS } from '~/features/groups/trash.schemas'
import { keepPending, retryPendingNow } from '~/features/library/pending-lookups.server'
import { savePushSubscription } from '~/features/notifications/push-subscriptions.server'
import { createImport } from '~/features/transfer/import-preview.server'
import { getImportStatus, startImport } from '~/features/transfer/imports.server'
import { react } from '~/reactions.server'
import { DEMO_ANIMES, DEMO_CHANNELS } from '~/seed/factories/catalogue-fixtures'
import {
  addToLibrary,
  createTree,
  grantRole,
  upsertCatalogue,
} from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { type PushFake, startPushFake } from '../tests/fakes/push-fake'
import { type StripeFake, startStripeFake } from '../tests/fakes/stripe-fake'
import { testEngine } from '../tests/setup/test-database'
import {
  type AppJobsWorld,
  appJobsWorld,
  CADENCES,
  DAY,
  HOUR,
  PARKED,
  UNSCHEDULED_JOBS,
  WAIT,
} from '../tests/support/app-jobs-world'
import { billingEnv, disableBilling, enableBilling } from '../tests/support/billing'
import { runCatalogueFakes } from '../tests/support/catalogue-fakes'
import { db } from '../tests/support/database'
import { mailsTo, mailToOutbox } from '../tests/support/outbox-mail'
import { byId, demo, folder, MERGE, model, shape, treeOf } from '../tests/support/transfer-world'
import { appJobs, appSchedules, startAppJobs, stopAppJobs } from './app-jobs.server'

const saved = process.env.JOBS_ENABLED

function setJobsEnabled(value: string | undefined) {
  if (value === undefined) delete process.env.JOBS_ENABLED
  else process.env.JOBS_ENABLED = value
  resetEnvCacheForTests()
}

/*
 * Every job and schedule of the composition root, run by the worker startAppJobs starts (one for
 * the whole block) against local fakes of YouTube, AniList, Stripe and a push service, mail going
 * to the outbox. A schedule is fired the way a due slot fires: its `next_run_at` is moved into
 * the past and the worker woken; the other jobs are queued by the production code that queues
 * them. Each test waits for the runner's record of the run, then reads what the run changed.
 * Until a test fires it, every schedule is parked far ahead, so no slot of the wall clock fires
 * a job halfway through another test's set-up.
 */

/** team-events.server.ts keeps its place in the activity log under this cursor name. */
const TEAM_EVENTS_CURSOR = 'team-events'

describe('the app’s jobs and schedules, run by the worker startAppJobs starts', () => {
  mailToOutbox()
  const fakes = runCatalogueFakes()
  const savedFeedUrl = process.env.YOUTUBE_FEED_BASE_URL
  let stripe: StripeFake
  let push: PushFake
  /** The run-waiting and set-up helpers, on the worker and fakes above. */
  let world: AppJobsWorld
  /** Job and schedule names a test below saw run to the end through the app's worker. */
  const ranJobs = new Set<string>()
  const firedSchedules = new Set<string>()

  beforeAll(async () => {
    ;[stripe, push] = await Promise.all([
      startStripeFake({ webhookSecret: billingEnv.STRIPE_WEBHOOK_SECRET }),
      startPushFake(),
    ])
    stripe.deliver = async (delivery) => {
      await handleStripeWebhook({
        request: new Request('http://localhost:3000/api/stripe/webhook', {
          method: 'POST',
          headers: { 'stripe-signature': delivery.signature, 'content-type': 'application/json' },
          body: delivery.payload,
        }),
      })
    }
    enableBilling({ STRIPE_API_BASE_URL: stripe.url })
    process.env.YOUTUBE_FEED_BASE_URL = fakes.youtube.feedBaseUrl
    setJobsEnabled('true')

    const worker = startAppJobs(db)
    if (!worker) throw new Error('startAppJobs started no worker')
    world = appJobsWorld({ db, worker, stripe, ranJobs, firedSchedules })
    // The worker writes every schedule to job_schedule at its first poll…
    const names = appSchedules.map((schedule) => schedule.name)
    await vi.waitFor(async () => {
      const rows = await db
        .select({ name: jobSchedule.name })
        .from(jobSchedule)
        .where(inArray(jobSchedule.name, names))
      expect(rows).toHaveLength(names.length)
    }, WAIT)
    // …then they wait until a test fires them; a slot that fired meanwhile runs out first.
    await db.update(jobSchedule).set({ nextRunAt: PARKED }).where(inArray(jobSchedule.name, names))
    await vi.waitFor(async () => {
      const busy = await db
        .select({ id: job.id })
        .from(job)
        .where(
          and(sql`${job.singletonKey} like 'schedule:%'`, inArray(job.state, ['queued', 'active'])),
        )
      expect(busy).toEqual([])
    }, WAIT)
  })

  afterAll(async () => {
    await stopAppJobs()
    setJobsEnabled(saved)
    disableBilling()
    if (savedFeedUrl === undefined) delete process.env.YOUTUBE_FEED_BASE_URL
    else process.env.YOUTUBE_FEED_BASE_URL = savedFeedUrl
    resetEnvCacheForTests()
    await Promise.all([stripe?.close(), push?.close()])
  })

  it('registers every schedule with its cadence, each on a job of the root', async () => {
    const registered = Object.fromEntries(
      appSchedules.map((schedule) => [
        schedule.name,
        { cron: schedule.cron, timeZone: schedule.timeZone, job: schedule.job.name },
      ]),
    )
    expect(registered).toEqual(CADENCES)
    for (const schedule of appSchedules) expect(appJobs).toContain(schedule.job)
    expect(appJobs.map((definition) => definition.name).sort()).toEqual(
      [
        ...new Set([...Object.values(CADENCES).map((entry) => entry.job), ...UNSCHEDULED_JOBS]),
      ].sort(),
    )
    // What the worker wrote to the database at start.
    const rows = await db
      .select({ name: jobSchedule.name, cron: jobSchedule.cron, timeZone: jobSchedule.timeZone })
      .from(jobSchedule)
      .where(inArray(jobSchedule.name, Object.keys(CADENCES)))
    expect(
      Object.fromEntries(rows.map((row) => [row.name, { cron: row.cron, timeZone: row.timeZone }])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(CADENCES).map(([name, entry]) => [
          name,
          { cron: entry.cron, timeZone: entry.timeZone },
        ]),
      ),
    )
  })

  it('rate-limit.purge (hourly): drops the windows that ran out, keeps the running ones', async () => {
    await db.insert(rateLimitWindow).values([
      { bucket: 'jobs-test', keyHash: 'expired', count: 3, resetAt: new Date(Date.now() - 60_000) },
      { bucket: 'jobs-test', keyHash: 'running', count: 1, resetAt: new Date(Date.now() + HOUR) },
    ])
    await world.fire('rate-limit.purge')
    const left = await db
      .select({ keyHash: rateLimitWindow.keyHash })
      .from(rateLimitWindow)
      .where(eq(rateLimitWindow.bucket, 'jobs-test'))
    expect(left).toEqual([{ keyHash: 'running' }])
  })

  it('database.vacuum (daily): vacuums PGlite; on PostgreSQL autovacuum does, and the run does nothing', async () => {
    // A whole-database vacuum counts on every table, not only on the few an import tidies.
    const leastVacuumed = async () =>
      integer(
        firstRow(
          await db.execute(
            sql`select coalesce(min(vacuum_count), 0)::int as n from pg_stat_user_tables`,
          ),
        ).n,
      )
    const before = await leastVacuumed()
    await world.fire('database.vacuum')
    if (testEngine === 'pglite') expect(await leastVacuumed()).toBe(before + 1)
  })

  it('groups.trash-purge (daily): a group trashed past its keeping time is gone, a recent one stays', async () => {
    const owner = await createActor(db, 'Trash owner')
    const ids = await createTree(db, owner.id, [{ name: 'Old' }, { name: 'Recent' }], new Map())
    for (const name of ['Old', 'Recent']) {
      const [row] = await db
        .select({ id: group.id, version: group.version })
        .from(group)
        .where(eq(group.id, ids.get(name) ?? ''))
      if (!row) throw new Error(`no group ${name}`)
      await deleteGroup(db, owner, row)
    }
    await db
      .update(groupTrash)
      .set({ trashedAt: new Date(Date.now() - (TRASH_KEEP_DAYS + 1) * DAY) })
      .where(eq(groupTrash.id, ids.get('Old') ?? ''))
    await world.fire('groups.trash-purge')
    const trashed = await db
      .select({ name: groupTrash.name })
      .from(groupTrash)
      .where(eq(groupTrash.ownerId, owner.id))
    expect(trashed).toEqual([{ name: 'Recent' }])
  })

  it('billing.trial-mails (daily): a trial ending in two days gets its mail in the outbox', async () => {
    const person = await createActor(db, 'Trial reader')
    await startTrial(db, person.id, new Date(Date.now() - (TRIAL_DAYS - 2) * DAY))
    await world.fire('billing.trial-mails')
    const mails = await mailsTo(person.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Tubefold Pro trial ends in 2 days'])
  })

  it('notifications.digests (every 15 min) queues notifications.mail: the digest is in the inbox and the outbox', async () => {
    const reader = await createActor(db, 'Digest reader')
    const { groupId, title } = await world.newUploadFor(reader.id, 'Cooking', 'daily')
    const mailJobs = await world.jobIds(eq(job.name, 'notifications.mail'))
    await world.fire('notifications.digests')
    const inbox = await db.select().from(notification).where(eq(notification.userId, reader.id))
    expect(inbox).toMatchObject([{ kind: 'digest', groupId }])
    // The digest's transaction queued the mail; the same worker sends it.
    await world.finishedRun(eq(job.name, 'notifications.mail'), mailJobs)
    const mails = await mailsTo(reader.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain(title)
  })

  it('notifications.team-events (every minute): a settled activity line reaches the member, mail included', async () => {
    const owner = await createActor(db, 'Olga')
    const member = await createActor(db, 'Mika')
    const [groupId] = (await createTree(db, owner.id, [{ name: 'Crew' }], new Map())).values()
    if (!groupId) throw new Error('no group')
    await grantRole(db, groupId, member.id, 'editor')
    await recordActivity(db, { id: owner.id, name: owner.name }, owner.id, [
      { groupId, action: 'member.roleChanged', details: { name: member.name, role: 'editor' } },
    ])
    // Lines are read once settled (two minutes old), after the cursor: the line ten minutes
    // old, the cursor an hour back.
    await db
      .update(groupActivity)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(groupActivity.ownerId, owner.id))
    const cursorAt = new Date(Date.now() - HOUR)
    await db
      .insert(notificationCursor)
      .values({ name: TEAM_EVENTS_CURSOR, afterAt: cursorAt, afterId: null })
      .onConflictDoUpdate({
        target: notificationCursor.name,
        set: { afterAt: cursorAt, afterId: null },
      })
    const mailJobs = await world.jobIds(eq(job.name, 'notifications.mail'))
    await world.fire('notifications.team-events')
    const inbox = await db.select().from(notification).where(eq(notification.userId, member.id))
    expect(inbox).toMatchObject([{ kind: 'role_changed', groupId }])
    await world.finishedRun(eq(job.name, 'notifications.mail'), mailJobs)
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toEqual([
      'Olga changed the role of Mika in Crew',
    ])
    expect(await mailsTo(owner.email)).toEqual([])
  })

  it('notifications.upload-pushes (every 5 min): a new upload is pushed and in the inbox', async () => {
    const reader = await createActor(db, 'Push reader')
    const browser = push.subscribe(`${reader.id}-browser`)
    await savePushSubscription(db, reader.id, { ...browser, userAgent: 'test' }, 'test')
    const { groupId, title } = await world.newUploadFor(reader.id, 'Music', 'push')
    await world.fire('notifications.upload-pushes')
    const inbox = await db.select().from(notification).where(eq(notification.userId, reader.id))
    expect(inbox).toMatchObject([{ kind: 'uploads.push', groupId }])
    const messages = push.messages.filter((message) => message.name === browser.name)
    expect(messages).toHaveLength(1)
    expect(JSON.parse(messages[0]?.payload ?? '{}')).toMatchObject({ body: `• ${title}` })
  })

  it('youtube.feeds-refresh (every 15 min): the feeds of library channels are fetched and their videos stored', async () => {
    const reader = await createActor(db, 'Feed reader')
    const tracked = DEMO_CHANNELS[0]
    if (!tracked) throw new Error('no demo channel')
    await upsertCatalogue(db, { channels: [{ id: tracked.id, title: tracked.title }] })
    await addToLibrary(db, reader.id, { channelIds: [tracked.id] })
    await world.fire('youtube.feeds-refresh')
    const [feed] = await db.select().from(channelFeed).where(eq(channelFeed.channelId, tracked.id))
    expect(feed?.checkedAt).toBeInstanceOf(Date)
    const stored = await db
      .select({ id: video.id })
      .from(video)
      .where(eq(video.channelId, tracked.id))
    expect(stored.length).toBeGreaterThan(0)
  })

  it('anime-refresh (daily): every anime in a library is refreshed from AniList', async () => {
    const fan = await createActor(db, 'Anime fan')
    const show = DEMO_ANIMES.find((entry) => entry.anilistId !== null)
    if (!show) throw new Error('no demo anime')
    await upsertCatalogue(db, {
      animes: [{ id: show.id, slug: show.slug, title: show.title, anilistId: show.anilistId }],
    })
    await addToLibrary(db, fan.id, { animeIds: [show.id] })
    await world.fire('anime-refresh')
    const [row] = await db.select().from(anime).where(eq(anime.id, show.id))
    expect(row?.lastSyncedAt).toBeInstanceOf(Date)
    expect(fakes.anilist.idQueries().flat()).toContain(show.anilistId)
  })

  it('channel-sync (daily, Los Angeles): tracked channels are synced from the Data API and snapshotted', async () => {
    const owner = await createActor(db, 'Sync owner')
    const tracked = DEMO_CHANNELS[1]
    if (!tracked) throw new Error('no demo channel')
    await upsertCatalogue(db, { channels: [{ id: tracked.id, title: tracked.title }] })
    await addToLibrary(db, owner.id, { channelIds: [tracked.id] })
    await world.fire('channel-sync')
    const [row] = await db.select().from(channel).where(eq(channel.id, tracked.id))
    expect(row?.lastSyncedAt).toBeInstanceOf(Date)
    const stats = await db.select().from(channelStat).where(eq(channelStat.channelId, tracked.id))
    expect(stats).toHaveLength(1)
  })

  it('billing.seats (daily): a Business subscription is billed for a member no write announced', async () => {
    const { person } = await world.subscriber('Seat owner', 'business')
    expect((await readPlanState(db, person.id)).quantity).toBe(1)
    const [teamId] = (await createTree(db, person.id, [{ name: 'Team' }], new Map())).values()
    const member = await createActor(db, 'Seat member')
    await grantRole(db, teamId ?? '', member.id, 'viewer')
    await world.fire('billing.seats')
    expect((await readPlanState(db, person.id)).quantity).toBe(2)
  })

  it('import.apply: a confirmed import is applied by the worker', async () => {
    const person = await createActor(db, 'Importer')
    const imported = DEMO_CHANNELS[2]
    if (!imported) throw new Error('no demo channel')
    const file = model({
      channels: [byId(imported.id)],
      groups: [folder('Imported', [byId(imported.id)])],
    })
    const preview = await createImport(db, person, { model: file, fileName: 'file.opml' })
    await world.queuedAndRun('import.apply', () =>
      startImport(db, person, { importId: preview.importId, options: MERGE }),
    )
    expect(await getImportStatus(db, person, { importId: preview.importId })).toMatchObject({
      state: 'done',
    })
    expect(shape(await treeOf(person.id))).toEqual([{ Imported: [imported.id] }])
  })

  it('lookups.retry: a pending look-up retried on demand lands in the library', async () => {
    const payer = await createActor(db, 'Looker')
    const wanted = demo('physicsgirl')
    await world.queuedAndRun('lookups.retry', async () => {
      await db.transaction((tx) =>
        keepPending(tx, {
          ownerId: payer.id,
          payerId: payer.id,
          importId: null,
          reason: 'network',
          refs: [{ ref: { kind: 'handle', handle: wanted.handle ?? '' }, groupIds: [] }],
        }),
      )
      // Queued a little later by keepPending; "Look up again" makes it due now.
      await retryPendingNow(db, payer.id)
    })
    expect(
      await db.select().from(pendingLookup).where(eq(pendingLookup.payerId, payer.id)),
    ).toEqual([])
    const entries = await db
      .select({ channelId: libraryEntry.channelId })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, payer.id))
    expect(entries).toEqual([{ channelId: wanted.id }])
  })

  it('billing.cancel-deleted-account: deleting a paying account cancels its subscription at Stripe', async () => {
    const { person, subscriptionId } = await world.subscriber('Leaving Lea', 'pro-monthly')
    await world.queuedAndRun('billing.cancel-deleted-account', async () => {
      // What account deletion does around Better Auth's delete of the user.
      await react(db, 'account.deleting', { userId: person.id })
      await db.delete(user).where(eq(user.id, person.id))
      await react(db, 'account.deleted', { userId: person.id })
    })
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled')
  })

  it('ran every job and fired every schedule of the root above', () => {
    expect([...firedSchedules].sort()).toEqual(appSchedules.map((entry) => entry.name).sort())
    expect([...ranJobs].sort()).toEqual(appJobs.map((definition) => definition.name).sort())
  })
})
