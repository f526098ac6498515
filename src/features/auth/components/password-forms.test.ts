import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * A form submitted before the page hydrates is sent by the browser itself:
 * without method="post" it is a GET, and the password lands in the URL
 * (history, logs, Referer). Every form of a component with a password field
 * must say POST.
 */
const dir = import.meta.dirname

const withPassword = readdirSync(dir)
  .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
  .map((name) => ({ name, source: readFileSync(join(dir, name), 'utf8') }))
  .filter(({ source }) => /current-password|new-password|NewPasswordFields/.test(source))

describe('forms with a password field', () => {
  it('finds the sign-in, sign-up, reset, account and deletion forms', () => {
    expect(withPassword.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'login-form.tsx',
        'register-form.tsx',
        'reset-password-form.tsx',
        'account-settings.tsx',
        'delete-account.tsx',
      ]),
    )
  })

  it('posts every one of them', () => {
    const notPost = withPassword.flatMap(({ name, source }) =>
      [...source.matchAll(/<form\b[^>]*>/g)]
        .filter((form) => !form[0].includes('method="post"'))
        .map((form) => `${name}: ${form[0]}`),
    )
    expect(notPost).toEqual([])
  })
})
