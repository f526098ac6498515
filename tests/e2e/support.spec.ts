import { MESSAGE_MIN } from '../../src/features/support/support.schemas'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expect, fill, gotoHydrated, test } from './fixtures'

const SUPPORT_ADDRESS = 'support@tubefold.localhost'

test.describe('support page', () => {
  test('shows the FAQ, which opens on click', async ({ page }) => {
    await gotoHydrated(page, '/support/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['support.title'])
    await expect(page.getByRole('heading', { name: en['support.faq.title'] })).toBeVisible()
    const question = page.getByText(en['support.faq.q4'])
    await expect(page.getByText(en['support.faq.a4'])).toBeHidden()
    await question.click()
    await expect(page.getByText(en['support.faq.a4'])).toBeVisible()
  })

  test('the contact form shows every validation message, then sends to support and mails no receipt to a typed address', async ({
    page,
  }) => {
    // One address per run: the outbox outlives a test when the server is reused.
    const stamp = `${Date.now()}-${test.info().workerIndex}`
    const name = `Ada Lovelace ${stamp}`
    const email = `ada-${stamp}@example.com`

    await gotoHydrated(page, '/support/')
    const form = page.locator('form')
    const nameField = form.getByLabel(en['support.contact.name'])
    const emailField = form.getByLabel(en['support.contact.email'])
    const messageField = form.getByLabel(en['support.contact.message'])
    const submit = form.getByRole('button', { name: en['support.contact.submit'] })

    // Everything empty: one message per field, each tied to its control.
    await submit.click()
    await expect(form.getByText(en['support.contact.error.nameRequired'])).toBeVisible()
    await expect(form.getByText(en['validation.emailRequired'])).toBeVisible()
    const messageShort = fill(en['support.contact.error.messageShort'], { min: MESSAGE_MIN })
    await expect(form.getByText(messageShort)).toBeVisible()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(nameField).toHaveAccessibleDescription(en['support.contact.error.nameRequired'])
    await expect(emailField).toHaveAccessibleDescription(en['validation.emailRequired'])
    await expect(messageField).toHaveAccessibleDescription(messageShort)

    // A malformed address and a too-short message.
    await nameField.fill(name)
    await emailField.fill('ada-at-example')
    await messageField.fill('Too short')
    await submit.click()
    await expect(form.getByText(en['validation.emailInvalid'])).toBeVisible()
    await expect(form.getByText(messageShort)).toBeVisible()
    await expect(form.getByText(en['support.contact.error.nameRequired'])).toBeHidden()
    await expect(nameField).not.toHaveAttribute('aria-invalid', 'true')

    // A valid message: hold the request to see the busy state, then let it through.
    await emailField.fill(email)
    await form.getByLabel(en['support.contact.topic']).selectOption('bug')
    await messageField.fill('The group feed does not show Shorts even when I ask for them.')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/_serverFn/**', async (route) => {
      await held
      await route.continue()
    })
    await submit.click()
    const busy = form.getByRole('button', { name: en['support.contact.sending'] })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    release()

    await expect(form.getByText(fill(en['support.contact.sent'], { email }))).toBeVisible()
    await expect(submit).toBeEnabled()
    await expect(nameField).toHaveValue('')
    await expect(form.getByText(en['validation.emailInvalid'])).toBeHidden()
    await page.unroute('**/_serverFn/**')

    // No SMTP in tests: the message is in the development outbox.
    await gotoHydrated(page, '/dev/outbox')
    const toSupport = page.getByRole('article', {
      name: fill(en['support.mail.subject'], {
        topic: en['support.contact.topic.bug'],
        name,
      }),
    })
    await expect(toSupport.getByTestId('mail-to')).toHaveText(SUPPORT_ADDRESS)
    await expect(toSupport).toContainText(email)
    await expect(toSupport).toContainText('Shorts even when I ask for them')

    // A signed-out visitor's typed address gets no receipt: the form must not mail strangers.
    const receipt = page
      .getByRole('article', { name: en['support.mail.receiptSubject'] })
      .filter({ hasText: email })
    await expect(receipt).toHaveCount(0)
  })
})
