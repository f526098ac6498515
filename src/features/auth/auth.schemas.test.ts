import { describe, expect, it } from 'vitest'
import { fieldErrors } from '~/lib/forms/field-errors'
import { messages as en } from '~/lib/i18n/messages/en'
import { createKeyTranslator } from '~/lib/i18n/translate'
import { AUTH_ERROR_PARAMS, REGISTER_FIELDS, registerSchema } from './auth.schemas'

const valid = {
  name: 'Ana Souza',
  email: 'Ana@Example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  acceptTerms: true,
}

function messagesFor(input: Record<string, unknown>) {
  const parsed = registerSchema.safeParse(input)
  if (parsed.success) return {}
  const t = createKeyTranslator(en, 'errors.validation')
  const errors = fieldErrors(parsed.error, REGISTER_FIELDS, AUTH_ERROR_PARAMS)
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, t(error?.key ?? '', error?.params)]),
  )
}

describe('registerSchema (seed §5, exact messages)', () => {
  it('accepts a valid sign-up and normalises the email', () => {
    expect(registerSchema.parse(valid).email).toBe('ana@example.com')
  })

  it.each([
    [{ name: '' }, 'name', 'Full name is required'],
    [{ name: 'A' }, 'name', 'Name must be at least 2 characters long'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: '', confirmPassword: '' }, 'password', 'Password is required'],
    [
      { password: '12345', confirmPassword: '12345' },
      'password',
      'Password must be at least 6 characters long',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'secret2' }, 'confirmPassword', 'Passwords do not match'],
    [
      { acceptTerms: false },
      'acceptTerms',
      'Please accept the Terms of Service and Privacy Policy',
    ],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(messagesFor({ ...valid, ...patch })).toMatchObject({ [field]: message })
  })

  it('tells a mismatch with the first submit, while other fields are still wrong', () => {
    expect(
      messagesFor({ ...valid, name: '', acceptTerms: false, confirmPassword: 'secret2' }),
    ).toMatchObject({
      name: 'Full name is required',
      acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
      confirmPassword: 'Passwords do not match',
    })
  })

  it('says nothing of a mismatch while a password itself is invalid', () => {
    expect(messagesFor({ ...valid, password: '123', confirmPassword: '1234' })).toEqual({
      password: 'Password must be at least 6 characters long',
    })
  })
})
