import { z } from 'zod'
import type { PlanId, PlanLimits } from '~/features/billing/plans'

export const PRICE_CHOICES = ['pro-monthly', 'pro-yearly', 'business'] as const
export type PriceChoiceId = (typeof PRICE_CHOICES)[number]

export const checkoutSchema = z.object({ price: z.enum(PRICE_CHOICES) })

/** What the billing screen shows: the plan in force, the trial, usage against each limit. */
export type BillingOverview = {
  /** False on a self-hosted instance: every feature is unlocked, nothing to buy. */
  billing: boolean
  plan: PlanId
  status: string
  trialing: boolean
  trialDaysLeft: number
  trialEndsAt: string | null
  currentPeriodEnd: string | null
  cancelAtPeriodEnd: boolean
  quantity: number
  /** A paid Business subscription's seats: billed (Stripe's quantity) and counted now (people + owner). */
  seats: { billed: number; counted: number } | null
  /** Business can still be tried (once, without a paid subscription). */
  canTryBusiness: boolean
  /** A Stripe customer exists: the portal can be opened. */
  canManage: boolean
  usage: { groups: number; depth: number; channels: number; shareMembers: number }
  /** The limits in force (the plan's; all null when billing is off). */
  limits: { [K in keyof PlanLimits]: PlanLimits[K] | null }
}

export type RedirectTo = { url: string }
