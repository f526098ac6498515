import { describe, expect, it } from 'vitest'
import { getPlan, PLAN_IDS, PLANS, TRIAL_DAYS } from '~/features/billing/plans'
import { messages as en } from '~/lib/i18n/messages/en'
import { messages as pt } from '~/lib/i18n/messages/pt'
import { createTranslator } from '~/lib/i18n/translate'
import { planLines } from './pricing'

const t = createTranslator(en)
const formatNumber = (n: number) => new Intl.NumberFormat('en').format(n)

describe('plans', () => {
  it('lists free, pro and business in that order', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual(['free', 'pro', 'business'])
    expect(PLAN_IDS).toEqual(['free', 'pro', 'business'])
    for (const id of PLAN_IDS) expect(getPlan(id).id).toBe(id)
  })

  it('gives Pro and Business a 14-day trial and Free none', () => {
    expect(TRIAL_DAYS).toBe(14)
    expect(getPlan('pro').trialDays).toBe(14)
    expect(getPlan('business').trialDays).toBe(14)
    expect(getPlan('free').trialDays).toBe(0)
  })

  it('costs nothing on Free', () => {
    expect(getPlan('free').monthlyCents).toBe(0)
    expect(getPlan('pro').monthlyCents).toBeGreaterThan(0)
    expect(getPlan('business').perMember).toBe(true)
  })
})

describe('planLines', () => {
  it('shows the Free limits: 10 groups, 3 levels, 500 channels, no sharing', () => {
    const lines = planLines(getPlan('free'), t, formatNumber)
    expect(lines).toEqual([
      '10 groups',
      'Nesting up to 3 levels',
      '500 channels',
      'Import and export',
      'A feed per group',
    ])
  })

  it('shows Pro with unlimited groups and channels and limited sharing', () => {
    const lines = planLines(getPlan('pro'), t, formatNumber)
    expect(lines).toContain('Unlimited groups')
    expect(lines).toContain('Unlimited channels')
    expect(lines).toContain('Nesting up to 10 levels')
    expect(lines).toContain('Share with up to 5 people')
    expect(lines).toContain('Growth analytics')
    expect(lines).not.toContain('Unlimited sharing')
    expect(lines).not.toContain('Activity log')
  })

  it('shows Business with unlimited everything, sharing and the activity log', () => {
    const lines = planLines(getPlan('business'), t, formatNumber)
    expect(lines).toEqual([
      'Unlimited groups',
      'Nesting up to 10 levels',
      'Unlimited channels',
      'Unlimited sharing',
      'Import and export',
      'A feed per group',
      'Growth analytics',
      'Teams',
      'Activity log',
      'Priority support',
    ])
  })

  it('follows the plan data rather than fixed text', () => {
    const free = getPlan('free')
    const custom = {
      ...free,
      limits: { groups: 2500, depth: 4, channels: null, shareMembers: 0 },
      features: { ...free.features, feeds: false, activityLog: true },
    }
    expect(planLines(custom, t, formatNumber)).toEqual([
      '2,500 groups',
      'Nesting up to 4 levels',
      'Unlimited channels',
      'Import and export',
      'Activity log',
    ])
  })

  it('uses the reader’s language and number format', () => {
    const lines = planLines(
      { ...getPlan('free'), limits: { groups: 1000, depth: 3, channels: 500, shareMembers: 0 } },
      createTranslator(pt),
      (n) => new Intl.NumberFormat('pt-BR').format(n),
    )
    expect(lines.slice(0, 3)).toEqual(['1.000 grupos', 'Aninhamento de até 3 níveis', '500 canais'])
  })
})
