import { describe, expect, it } from 'vitest'
import { messages as en } from './messages/en'
import { messages as pt } from './messages/pt'
import { createKeyTranslator, createTranslator } from './translate'

describe('createTranslator', () => {
  const t = createTranslator(en)

  it('returns the message for a key', () => {
    expect(t('nav.pricing')).toBe('Pricing')
    expect(createTranslator(pt)('nav.pricing')).toBe('Preços')
  })

  it('fills every placeholder, including repeated and numeric ones', () => {
    expect(
      t('support.mail.intro', { name: 'Ana', email: 'ana@example.com', topic: 'Billing' }),
    ).toBe('Ana <ana@example.com> wrote about “Billing”:')
    expect(t('errors.rateLimited', { seconds: 42 })).toBe('Too many attempts. Try again in 42 s.')
    expect(t('pricing.limit.depth', { count: 0 })).toBe('Nesting up to 0 levels')
  })

  it('leaves a placeholder visible when its parameter is missing', () => {
    expect(t('support.mail.subject', { topic: 'Bug' })).toBe('[Tubefold support] Bug from {name}')
    expect(t('hero.trial')).toBe('{days}-day free trial of Pro, no credit card')
  })

  it('inserts parameters literally, without re-expanding them', () => {
    expect(t('support.mail.subject', { topic: '{name}', name: '$& $1' })).toBe(
      '[Tubefold support] {name} from $& $1',
    )
  })

  it('does not read inherited properties as parameters', () => {
    expect(t('footer.rights', {})).toBe('© {year} Tubefold.')
    expect(t('meta.title.suffix', { toString: 'x' })).toBe(
      '{title} · Tubefold — Group youtube subscriptions',
    )
  })
})

describe('createKeyTranslator', () => {
  const translateKey = createKeyTranslator(pt, 'errors.validation')

  it('translates keys that arrive as data', () => {
    expect(translateKey('validation.emailRequired')).toBe(pt['validation.emailRequired'])
    expect(translateKey('support.contact.error.messageShort', { min: 10 })).toBe(
      'Escreva pelo menos 10 caracteres',
    )
  })

  it('falls back for unknown keys and for inherited property names', () => {
    expect(translateKey('no.such.key')).toBe(pt['errors.validation'])
    expect(translateKey('toString')).toBe(pt['errors.validation'])
    expect(translateKey('__proto__')).toBe(pt['errors.validation'])
  })
})
