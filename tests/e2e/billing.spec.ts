import { getPlan } from '../../src/features/billing/plans'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { E2E_STRIPE } from '../fakes/e2e-ports'
import { type StripeFake, startStripeFake } from '../fakes/stripe-fake'
import { expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import { type AppServer, expect, signUpConfirmed, startAppServer, test } from './support/app-server'
import { setPreferences } from './support/preference-steps'

/*
 * Billing in Chromium against the fake Stripe: a new account's trial banner,
 * the billing screen, Checkout's pay page and back on Pro; axe in both themes.
 */

test.describe.configure({ timeout: 120_000, mode: 'serial' })

let stripe: StripeFake
let billingApp: AppServer

test.beforeAll(async () => {
  stripe = await startStripeFake({
    host: '127.0.0.1',
    webhookSecret: E2E_STRIPE.STRIPE_WEBHOOK_SECRET,
  })
  billingApp = await startAppServer({ env: { ...E2E_STRIPE, STRIPE_API_BASE_URL: stripe.url } })
  stripe.setWebhookUrl(`${billingApp.baseURL}/api/stripe/webhook`)
})

test.afterAll(async () => {
  await billingApp?.stop()
  await stripe?.close()
})

test('sign up → trial banner → billing screen → upgrade through Checkout → Pro', async ({
  page,
}) => {
  await signUpConfirmed(page, billingApp, 'billing')
  const banner = page.getByTestId('trial-banner')
  await expect(banner).toContainText(fill(en['billing.banner.trial.other'], { count: 14 }))
  await banner.getByRole('link', { name: en['billing.banner.cta'] }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing\/$/)
  const plan = page.getByTestId('billing-plan')
  await expect(plan).toContainText(fill(en['billing.current'], { plan: en['pricing.plan.pro'] }))
  await expect(plan).toContainText(fill(en['billing.trial.daysLeft.other'], { count: 14 }))
  await expect(page.getByRole('term').filter({ hasText: en['billing.usage.groups'] })).toBeVisible()

  await page
    .getByRole('button', { name: fill(en['billing.upgrade.proMonthly'], { price: '$4' }) })
    .click()
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing\/\?checkout=done$/)
  await expect(plan).toContainText(fill(en['billing.current'], { plan: en['pricing.plan.pro'] }))
  await expect(plan).not.toContainText(fill(en['billing.trial.daysLeft.other'], { count: 14 }))
  await expect(page.getByTestId('trial-banner')).toBeHidden()
  await expect(page.getByRole('button', { name: en['billing.manage'] })).toBeVisible()
})

test('a Free account at its group limit is refused with the upgrade prompt', async ({ page }) => {
  await signUpConfirmed(page, billingApp, 'billing-free')
  const newGroup = async (name: string) => {
    await gotoHydrated(page, `${billingApp.baseURL}/dashboard/groups/new/`)
    await page.getByRole('textbox', { name: en['groups.form.name'] }).fill(name)
    await page.getByRole('button', { name: en['groups.new.submit'] }).click()
  }
  const limit = getPlan('free').limits.groups ?? 0
  for (let at = 1; at <= limit; at += 1) {
    await newGroup(`Group ${at}`)
    await expect(page).toHaveURL(/\/dashboard\/groups\/[0-9a-f-]{36}\/$/)
  }
  // Subscribed, then the subscription ended: the account is on Free, its groups kept.
  await gotoHydrated(page, `${billingApp.baseURL}/dashboard/settings/billing/`)
  await page
    .getByRole('button', { name: fill(en['billing.upgrade.proMonthly'], { price: '$4' }) })
    .click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/checkout=done$/)
  const subscriptionId = [...stripe.subscriptions.keys()].at(-1) ?? ''
  await stripe.endSubscription(subscriptionId)
  await gotoHydrated(page, `${billingApp.baseURL}/dashboard/settings/billing/`)
  await expect(page.getByTestId('billing-plan')).toContainText(
    fill(en['billing.current'], { plan: en['pricing.plan.free'] }),
  )

  await newGroup('One too many')
  await expect(page.getByText(fill(en['billing.error.groupsLimit'], { max: limit }))).toBeVisible()
  const upgrade = page.getByTestId('upgrade-link')
  await expect(upgrade).toHaveText(en['billing.upgradeLink'])
  await upgrade.click()
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing\/$/)
})

test('an instance that bills promises the trial on the landing page and in the FAQ', async ({
  page,
}) => {
  await gotoHydrated(page, `${billingApp.baseURL}/`)
  await expect(
    page.getByText(fill(en['pricing.subtitle'], { days: getPlan('pro').trialDays })),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: en['pricing.choose.trial'] }).first()).toBeVisible()
  await gotoHydrated(page, `${billingApp.baseURL}/support/`)
  await page.getByText(en['support.faq.q5']).click()
  await expect(
    page.getByText(fill(en['support.faq.a5'], { days: getPlan('pro').trialDays })),
  ).toBeVisible()
})

test('an instance without a payment provider promises no trial: "Get started", and the FAQ says so', async ({
  page,
}) => {
  const selfHosted = await startAppServer()
  try {
    await gotoHydrated(page, `${selfHosted.baseURL}/`)
    const pricing = page.locator('#pricing')
    await expect(pricing.getByText(en['pricing.subtitleNoTrial'])).toBeVisible()
    await expect(
      pricing.getByRole('link', { name: en['pricing.choose.getStarted'], exact: true }),
    ).toHaveCount(3)
    await expect(pricing.getByRole('link', { name: en['pricing.choose.trial'] })).toHaveCount(0)
    await gotoHydrated(page, `${selfHosted.baseURL}/support/`)
    await page.getByText(en['support.faq.q5']).click()
    await expect(page.getByText(en['support.faq.a5NoBilling'])).toBeVisible()
  } finally {
    await selfHosted.stop()
  }
})

test('Business shows the seats billed and the people counted now, with axe in both themes', async ({
  page,
  context,
}) => {
  await signUpConfirmed(page, billingApp, 'billing-business')
  await gotoHydrated(page, `${billingApp.baseURL}/dashboard/settings/billing/`)
  await expect(page.getByTestId('billing-seats')).toHaveCount(0)
  const price = `$${getPlan('business').monthlyCents / 100}`
  await page.getByRole('button', { name: fill(en['billing.upgrade.business'], { price }) }).click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/checkout=done$/)
  await expect(page.getByTestId('billing-plan')).toContainText(
    fill(en['billing.current'], { plan: en['pricing.plan.business'] }),
  )
  const seats = page.getByTestId('billing-seats')
  await expect(seats.getByRole('heading', { name: en['billing.seats.title'] })).toBeVisible()
  for (const label of [en['billing.seats.billed'], en['billing.seats.counted']]) {
    // Only the owner so far: one seat billed, one person counted.
    await expect(seats.getByRole('term').filter({ hasText: label })).toBeVisible()
    await expect(
      seats.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('1')
  }
  await expect(seats).toContainText(en['billing.seats.explain'])
  for (const theme of ['light', 'dark'] as const) {
    await setPreferences(context, billingApp.baseURL, { theme })
    await gotoHydrated(page, `${billingApp.baseURL}/dashboard/settings/billing/`)
    await expect(page.getByTestId('billing-seats')).toBeVisible()
    await expectNoA11yViolations(page)
  }
})

for (const theme of ['light', 'dark'] as const) {
  test(`the billing screen has no axe violations in the ${theme} theme`, async ({
    page,
    context,
  }) => {
    await setPreferences(context, billingApp.baseURL, { theme })
    await signUpConfirmed(page, billingApp, `billing-${theme}`)
    await gotoHydrated(page, `${billingApp.baseURL}/dashboard/settings/billing/`)
    await expect(page.getByTestId('billing-plan')).toBeVisible()
    await expectNoA11yViolations(page)
  })
}
