import { describe, expect, it } from 'vitest'
import { fieldErrors } from '~/lib/forms/field-errors'
import { messages as en } from '~/lib/i18n/messages/en'
import { createKeyTranslator } from '~/lib/i18n/translate'
import {
  CONTACT_ERROR_PARAMS,
  contactSchema,
  MESSAGE_MAX,
  MESSAGE_MIN,
  SUPPORT_TOPICS,
} from './support.schemas'

const FIELDS = ['name', 'email', 'topic', 'message', 'website'] as const

const valid = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  topic: 'question',
  message: 'How do I nest a group three levels deep?',
}

function errorsFor(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input)
  if (result.success) throw new Error('expected the input to be invalid')
  return fieldErrors(result.error, FIELDS, CONTACT_ERROR_PARAMS)
}

describe('contactSchema', () => {
  it('accepts a valid message, trimming text and lower-casing the email', () => {
    const parsed = contactSchema.parse({
      ...valid,
      name: '  Ana Souza ',
      email: ' Ana@Example.COM ',
      message: `  ${valid.message}  `,
      website: '',
    })
    expect(parsed).toEqual({ ...valid, website: '' })
    for (const topic of SUPPORT_TOPICS)
      expect(contactSchema.parse({ ...valid, topic }).topic).toBe(topic)
  })

  it.each([
    ['name', { name: '' }, 'support.contact.error.nameRequired'],
    ['name', { name: '   ' }, 'support.contact.error.nameRequired'],
    ['email', { email: '' }, 'validation.emailRequired'],
    ['email', { email: '  ' }, 'validation.emailRequired'],
    ['email', { email: 'not-an-email' }, 'validation.emailInvalid'],
    ['email', { email: 'ana@' }, 'validation.emailInvalid'],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, 'validation.emailInvalid'],
    ['message', { message: 'too short' }, 'support.contact.error.messageShort'],
    [
      'message',
      { message: `  ${'a'.repeat(MESSAGE_MIN - 1)}  ` },
      'support.contact.error.messageShort',
    ],
    ['message', { message: 'a'.repeat(MESSAGE_MAX + 1) }, 'support.contact.error.messageLong'],
  ] as const)('reports %s with its message key (%j)', (field, override, key) => {
    const errors = errorsFor({ ...valid, ...override })
    expect(Object.keys(errors)).toEqual([field])
    expect(errors[field]?.key).toBe(key)
    expect(Object.hasOwn(en, key)).toBe(true)
  })

  it('passes {min} and {max} along for the message length errors', () => {
    const t = createKeyTranslator(en, 'errors.validation')
    const short = errorsFor({ ...valid, message: 'short' }).message
    expect(short).toEqual({
      key: 'support.contact.error.messageShort',
      params: { min: MESSAGE_MIN },
    })
    expect(t(short?.key ?? '', short?.params)).toBe('Please write at least 10 characters')
    const long = errorsFor({ ...valid, message: 'a'.repeat(MESSAGE_MAX + 1) }).message
    expect(t(long?.key ?? '', long?.params)).toBe('Please keep it under 5000 characters')
  })

  it('reports every invalid field at once', () => {
    const errors = errorsFor({ name: '', email: 'x', topic: 'question', message: '' })
    expect(errors).toEqual({
      name: { key: 'support.contact.error.nameRequired' },
      email: { key: 'validation.emailInvalid' },
      message: { key: 'support.contact.error.messageShort', params: { min: MESSAGE_MIN } },
    })
  })

  it('rejects an unknown topic with the generic message', () => {
    const t = createKeyTranslator(en, 'errors.validation')
    const errors = errorsFor({ ...valid, topic: 'spam' })
    expect(Object.keys(errors)).toEqual(['topic'])
    expect(t(errors.topic?.key ?? '')).toBe(en['errors.validation'])
  })

  it('accepts a filled honeypot so bots get no signal (the server then sends nothing)', () => {
    const parsed = contactSchema.safeParse({ ...valid, website: 'http://bot.example' })
    expect(parsed.success && parsed.data.website).toBe('http://bot.example')
  })

  it('gives an over-long name its own message with the limit', () => {
    const errors = errorsFor({ ...valid, name: 'n'.repeat(101) })
    expect(errors.name?.key).toBe('support.contact.error.nameLong')
    expect(
      createKeyTranslator(en, 'errors.validation')(errors.name?.key ?? '', errors.name?.params),
    ).toBe('Please keep your name under 100 characters')
  })
})
