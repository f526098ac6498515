import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { fill, gotoHydrated } from './fixtures'
import { expect, signUpConfirmed, test } from './support/app-server'

/*
 * The HTTP edge on the real server (issue 21): request bodies over their
 * limit, cross-site server-function calls and the development outbox seen
 * through a proxy are refused before any handler runs.
 */

// Signing up and confirming on a private server takes a while on a loaded machine.
test.describe.configure({ timeout: 180_000 })

const FIXTURES = join(import.meta.dirname, '../../src/features/transfer/formats/fixtures')

test('refuses oversized bodies, cross-site calls and a forwarded look at the outbox', async ({
  request,
}) => {
  // No session: 64 KB at most, refused before Better Auth reads a byte.
  const big = await request.post('/api/auth/sign-in/email', {
    headers: { 'content-type': 'application/json' },
    data: 'a'.repeat(100_000),
  })
  expect(big.status()).toBe(413)
  expect(await big.text()).toContain('too large')

  // Another site's page calling a server function (any id: the guard runs first).
  const crossSite = await request.post('/_serverFn/any', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: '{}',
  })
  expect(crossSite.status()).toBe(403)

  expect((await request.get('/dev/outbox')).status()).toBe(200)
  const forwarded = await request.get('/dev/outbox', {
    headers: { 'x-forwarded-for': '127.0.0.1' },
  })
  expect(forwarded.status()).toBe(404)
})

test('a pasted list still previews, sent as multipart like a file', async ({ page, app }) => {
  await signUpConfirmed(page, app, 'paste')
  await gotoHydrated(page, `${app.baseURL}/dashboard/import/`)
  await page
    .getByLabel(en['transfer.source.paste.label'])
    .fill(readFileSync(join(FIXTURES, 'plain-list.txt'), 'utf8'))
  await page.getByRole('button', { name: en['transfer.source.paste.submit'] }).click()
  await expect(
    page.getByText(fill(en['transfer.preview.format'], { format: en['transfer.format.plain'] })),
  ).toBeVisible({ timeout: 30_000 })
})
