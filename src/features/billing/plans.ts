import { GROUP_DEPTH_MAX } from '~/config/product'

/**
 * The one source of plan facts: the landing page renders it and billing will
 * enforce it, so the page can never promise what the product does not do.
 * `null` means unlimited.
 */
export const PLAN_IDS = ['free', 'pro', 'business'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const TRIAL_DAYS = 14

export type PlanLimits = {
  groups: number | null
  depth: number
  channels: number | null
  /** People a group can be shared with; 0 = no sharing, null = unlimited. */
  shareMembers: number | null
}

export type PlanFeatures = {
  importExport: boolean
  feeds: boolean
  growthAnalytics: boolean
  teams: boolean
  activityLog: boolean
  prioritySupport: boolean
}

export type Plan = {
  id: PlanId
  /** Price in US cents; Business is per member. */
  monthlyCents: number
  yearlyCents: number | null
  perMember: boolean
  trialDays: number
  highlighted: boolean
  limits: PlanLimits
  features: PlanFeatures
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    monthlyCents: 0,
    yearlyCents: 0,
    perMember: false,
    trialDays: 0,
    highlighted: false,
    limits: { groups: 10, depth: 3, channels: 500, shareMembers: 0 },
    features: {
      importExport: true,
      feeds: true,
      growthAnalytics: false,
      teams: false,
      activityLog: false,
      prioritySupport: false,
    },
  },
  {
    id: 'pro',
    monthlyCents: 400,
    yearlyCents: 4000,
    perMember: false,
    trialDays: TRIAL_DAYS,
    highlighted: true,
    limits: { groups: null, depth: GROUP_DEPTH_MAX, channels: null, shareMembers: 5 },
    features: {
      importExport: true,
      feeds: true,
      growthAnalytics: true,
      teams: false,
      activityLog: false,
      prioritySupport: false,
    },
  },
  {
    id: 'business',
    monthlyCents: 1200,
    yearlyCents: null,
    perMember: true,
    trialDays: TRIAL_DAYS,
    highlighted: false,
    limits: { groups: null, depth: GROUP_DEPTH_MAX, channels: null, shareMembers: null },
    features: {
      importExport: true,
      feeds: true,
      growthAnalytics: true,
      teams: true,
      activityLog: true,
      prioritySupport: true,
    },
  },
]

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id)
  if (!plan) throw new Error(`Unknown plan ${id}`)
  return plan
}
