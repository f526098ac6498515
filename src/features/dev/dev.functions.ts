import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { getEnv } from '~/server/env.server'
import { listOutbox } from '~/server/mail/mail.server'

/** Dev tools exist only outside production; there they answer 404 like any unknown page. */
function assertNotProduction() {
  if (getEnv().APP_ENV === 'production') throw notFound()
}

export const getOutbox = createServerFn({ method: 'GET' }).handler(async () => {
  assertNotProduction()
  const mails = await listOutbox()
  return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }))
})

/** Lets the e2e suite exercise the error screen on a real server. */
export const failOnPurpose = createServerFn({ method: 'GET' }).handler(() => {
  assertNotProduction()
  throw new Error('Deliberate failure from /dev/error')
})
