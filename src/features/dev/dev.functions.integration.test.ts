import { isNotFound } from '@tanstack/react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { createActor } from '~/seed/factories/users.server'
import { getEnv } from '~/server/env.server'
import { sendMail } from '~/server/mail/mail.server'
import { rejectionOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox } from '../../../tests/support/outbox-mail'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import { failOnPurpose, getOutbox } from './dev.functions'

/*
 * The dev tools over the wire under APP_ENV=test. They answer only a request
 * from this machine's own socket, never one a forwarding header vouches for;
 * a request without a loopback socket (as every one sent here is) gets the
 * 404 any unknown page gets, and the outbox (reset links) stays unread.
 */

mailToOutbox()

const SECRET_LINK = 'http://localhost:3000/reset-password/do-not-leak-this-token/'

let cookie: string
beforeAll(async () => {
  expect(getEnv().APP_ENV).toBe('test')
  const someone = await createActor(db, 'Dev Caller')
  cookie = await sessionCookie(someone.id)
  await sendMail({
    to: 'reset.me@example.test',
    subject: 'Reset your password',
    text: `Open ${SECRET_LINK}`,
    html: `<a href="${SECRET_LINK}">reset</a>`,
  })
  expect(await mailsTo('reset.me@example.test')).toHaveLength(1)
})

/** Callers that must all get the 404: anonymous, signed in, and claiming loopback through headers. */
const callers = (): { cookie?: string; headers?: Record<string, string> }[] => [
  {},
  { cookie },
  { headers: { 'x-forwarded-for': '127.0.0.1' } },
  { headers: { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }, cookie },
]

describe('dev functions over the wire under APP_ENV=test', () => {
  it('getOutbox answers 404 (notFound) to a caller off this machine’s socket, revealing no mail', async () => {
    for (const call of callers()) {
      const error = await rejectionOf(callOverWire(getOutbox, call))
      expect(isNotFound(error)).toBe(true)
      expect(JSON.stringify(error)).not.toContain('do-not-leak-this-token')
      expect(JSON.stringify(error)).not.toContain('reset.me@example.test')
    }
    // The refusal read nothing away: the mail is still in the outbox.
    expect(await mailsTo('reset.me@example.test')).toHaveLength(1)
  })

  it('failOnPurpose answers the same 404, not its deliberate failure', async () => {
    for (const call of callers()) {
      const error = await rejectionOf(callOverWire(failOnPurpose, call))
      expect(isNotFound(error)).toBe(true)
      expect(error).not.toBeInstanceOf(Error)
      expect(JSON.stringify(error)).not.toContain('Deliberate failure')
    }
  })
})
