import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { getEnv } from '~/server/env.server'
import { isLocalDevRequest } from '~/server/http/loopback.server'
import { listOutbox } from '~/server/mail/mail.server'

/**
 * Dev tools exist only outside production, and answer only this machine (the
 * outbox holds password-reset links); elsewhere they answer 404 like any unknown page.
 */
function assertDevTools() {
  if (getEnv().APP_ENV === 'production' || !isLocalDevRequest()) throw notFound()
}

export const getOutbox = createServerFn({ method: 'GET' }).handler(async () => {
  assertDevTools()
  const mails = await listOutbox()
  return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }))
})

/** Lets the e2e suite exercise the error screen on a real server. */
export const failOnPurpose = createServerFn({ method: 'GET' }).handler(() => {
  assertDevTools()
  throw new Error('Deliberate failure from /dev/error')
})
