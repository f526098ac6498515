import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRIAL_DAYS } from '~/features/billing/plans'
import { startTrial } from '~/features/billing/subscription.server'
import { createActor } from '~/seed/factories/users.server'
import { disableBilling, enableBilling } from '../../../tests/support/billing'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox } from '../../../tests/support/outbox-mail'
import { sendTrialMails } from './trial-mails.server'

/* The trial's mails, with the clock passed in: 3 days before the end, and on the day; each once. */

const DAY_MS = 24 * 60 * 60 * 1000

mailToOutbox()
beforeAll(async () => {
  enableBilling()
})
afterAll(() => disableBilling())

describe('trial mails', () => {
  it('mails 3 days before the end and on the day, each once, in the reader’s language', async () => {
    const start = new Date('2031-05-01T09:00:00Z')
    const person = await createActor(db, 'Tria', { locale: 'pt' })
    const unconfirmed = await createActor(db, 'Nobody', { verified: false })
    await startTrial(db, person.id, start)
    await startTrial(db, unconfirmed.id, start)

    expect(await sendTrialMails(db, new Date(start.getTime() + 5 * DAY_MS))).toBe(0)
    const soon = new Date(start.getTime() + (TRIAL_DAYS - 3) * DAY_MS)
    await sendTrialMails(db, soon)
    await sendTrialMails(db, new Date(soon.getTime() + 60_000))
    let mails = await mailsTo(person.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Seu teste do Tubefold Pro termina em 3 dias',
    ])

    const ended = new Date(start.getTime() + TRIAL_DAYS * DAY_MS + 60 * 60_000)
    await sendTrialMails(db, ended)
    await sendTrialMails(db, new Date(ended.getTime() + DAY_MS / 2))
    mails = await mailsTo(person.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Seu teste do Tubefold Pro termina em 3 dias',
      'Seu teste do Tubefold Pro terminou',
    ])
    expect(mails[1]?.text).toContain('/dashboard/settings/billing/')
    expect(await mailsTo(unconfirmed.email)).toEqual([])
  })

  it('sends nothing on an instance without a payment provider', async () => {
    const person = await createActor(db, 'Self Hosted')
    const start = new Date('2031-07-01T09:00:00Z')
    await startTrial(db, person.id, start)
    disableBilling()
    try {
      expect(await sendTrialMails(db, new Date(start.getTime() + (TRIAL_DAYS - 2) * DAY_MS))).toBe(
        0,
      )
    } finally {
      enableBilling()
    }
  })
})
