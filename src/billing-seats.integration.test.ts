import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { group, job } from '~/db/schema'
import { startCheckout } from '~/features/billing/billing.server'
import { seatSyncJob } from '~/features/billing/plan-limits.server'
import { handleStripeWebhook } from '~/features/billing/stripe-webhook.server'
import { readPlanState } from '~/features/billing/subscription.server'
import { deleteGroup } from '~/features/groups/groups.server'
import { purgeGroup, restoreGroup } from '~/features/groups/trash.server'
import { cancelInvitation, inviteMember } from '~/features/sharing/invitations.server'
import { leaveGroup, removeMember } from '~/features/sharing/members.server'
import { createShareLink, joinShareLink } from '~/features/sharing/share-links.server'
import { createTree } from '~/seed/factories/organiser.server'
import { setSubscription } from '~/seed/factories/subscriptions.server'
import { createActor } from '~/seed/factories/users.server'
import { runDueJobs } from '~/server/jobs/jobs.server'
import { parseForm, type StripeFake, startStripeFake } from '../tests/fakes/stripe-fake'
import { billingEnv, disableBilling, enableBilling } from '../tests/support/billing'
import { db } from '../tests/support/database'
import { mailToOutbox } from '../tests/support/outbox-mail'

/*
 * Business seats follow the people the owner shares with (plus the owner)
 * on every path that changes them: an invitation sent or cancelled, a join,
 * a member leaving or removed, a group going to the trash and coming back.
 * Each change queues the seat job in its own transaction; the job asks the
 * fake Stripe for the new quantity, and its signed webhook comes back.
 */

let fake: StripeFake

mailToOutbox()
beforeAll(async () => {
  fake = await startStripeFake({ webhookSecret: billingEnv.STRIPE_WEBHOOK_SECRET })
  fake.deliver = async (delivery) => {
    await handleStripeWebhook({
      request: new Request('http://localhost:3000/api/stripe/webhook', {
        method: 'POST',
        headers: { 'stripe-signature': delivery.signature, 'content-type': 'application/json' },
        body: delivery.payload,
      }),
    })
  }
  enableBilling({ STRIPE_API_BASE_URL: fake.url })
})
afterAll(async () => {
  disableBilling()
  await fake.close()
})

async function businessOwner() {
  const owner = await createActor(db, 'Business owner')
  await setSubscription(db, owner.id, 'trial-ended')
  const { url } = await startCheckout(db, owner, { price: 'business' })
  await fake.completeCheckout(url.split('/').at(-1) ?? '')
  const ids = await createTree(db, owner.id, [{ name: 'Team' }, { name: 'Club' }], new Map())
  return { owner, team: ids.get('Team') ?? '', club: ids.get('Club') ?? '' }
}

/** Runs the queued seat jobs, then the quantity billed and the one Stripe was last asked for. */
async function seats(ownerId: string) {
  await runDueJobs(db, [seatSyncJob])
  const asked = fake.calls
    .filter((call) => call.method === 'POST' && call.path.startsWith('/v1/subscriptions/'))
    .map((call) => parseForm(call.body))
    .at(-1)
  const items = (asked?.items ?? {}) as Record<string, { quantity?: string }>
  return {
    billed: (await readPlanState(db, ownerId)).quantity,
    asked: items['0']?.quantity === undefined ? null : Number(items['0'].quantity),
  }
}

async function versionOf(groupId: string): Promise<number> {
  const [row] = await db.select({ version: group.version }).from(group).where(eq(group.id, groupId))
  return row?.version ?? 0
}

describe('Business seats', () => {
  it('follow invitations sent and cancelled, joins, leaves and removals', async () => {
    const { owner, team, club } = await businessOwner()
    expect(await seats(owner.id)).toMatchObject({ billed: 1 })

    const invited = await inviteMember(db, owner, {
      groupId: team,
      email: 'someone.new@example.test',
      role: 'viewer',
    })
    expect(await seats(owner.id)).toEqual({ billed: 2, asked: 2 })
    await cancelInvitation(db, owner, { invitationId: invited.id })
    expect(await seats(owner.id)).toEqual({ billed: 1, asked: 1 })

    const link = await createShareLink(db, owner, {
      groupId: club,
      permission: 'view',
      expiresInDays: 7,
    })
    const ana = await createActor(db, 'Ana')
    const bea = await createActor(db, 'Bea')
    for (const person of [ana, bea]) {
      await joinShareLink(db, person, { linkId: link.token ?? '', permission: 'view' })
    }
    expect(await seats(owner.id)).toEqual({ billed: 3, asked: 3 })
    await leaveGroup(db, ana, { groupId: club })
    expect(await seats(owner.id)).toEqual({ billed: 2, asked: 2 })
    await removeMember(db, owner, { groupId: club, userId: bea.id })
    expect(await seats(owner.id)).toEqual({ billed: 1, asked: 1 })
  })

  it('follow a group to the trash, back out of it, and deleted for good', async () => {
    const { owner, team, club } = await businessOwner()
    await inviteMember(db, owner, { groupId: team, email: 'invited@example.test', role: 'viewer' })
    const link = await createShareLink(db, owner, {
      groupId: club,
      permission: 'edit',
      expiresInDays: 7,
    })
    const member = await createActor(db, 'Member')
    await joinShareLink(db, member, { linkId: link.token ?? '', permission: 'edit' })
    expect(await seats(owner.id)).toEqual({ billed: 3, asked: 3 })

    // The member's grant and the open invitation go to the trash with their groups.
    await deleteGroup(db, owner, { id: club, version: await versionOf(club) })
    expect(await seats(owner.id)).toEqual({ billed: 2, asked: 2 })
    await deleteGroup(db, owner, { id: team, version: await versionOf(team) })
    expect(await seats(owner.id)).toEqual({ billed: 1, asked: 1 })

    await restoreGroup(db, owner, { id: club })
    expect(await seats(owner.id)).toEqual({ billed: 2, asked: 2 })
    // Out of the trash for good: nobody comes back, nothing changes.
    const before = fake.calls.length
    await purgeGroup(db, owner, { id: team })
    expect(await seats(owner.id)).toEqual({ billed: 2, asked: 2 })
    expect(fake.calls.length).toBe(before)
  })

  it('queue nothing for an account that is not on a Business subscription', async () => {
    const owner = await createActor(db, 'Pro owner')
    await setSubscription(db, owner.id, 'pro')
    const ids = await createTree(db, owner.id, [{ name: 'Shared' }], new Map())
    await inviteMember(db, owner, {
      groupId: ids.get('Shared') ?? '',
      email: 'friend@example.test',
      role: 'viewer',
    })
    const queued = await db.select().from(job).where(eq(job.name, seatSyncJob.name))
    expect(queued.filter((row) => row.state === 'queued')).toEqual([])
  })
})
