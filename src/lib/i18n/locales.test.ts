import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_TAGS,
  LOCALES,
  negotiateLocale,
  parseLocale,
} from './locales'

describe('negotiateLocale', () => {
  it('falls back to English without a header', () => {
    expect(DEFAULT_LOCALE).toBe('en')
    expect(negotiateLocale(undefined)).toBe('en')
    expect(negotiateLocale(null)).toBe('en')
    expect(negotiateLocale('')).toBe('en')
  })

  it.each([
    ['pt-BR', 'pt'],
    ['pt-PT,pt;q=0.9', 'pt'],
    ['es-419', 'es'],
    ['ES-mx', 'es'],
    ['en-GB', 'en'],
  ])('maps the region tag %s to %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale)
  })

  it('honours q-values over header order', () => {
    expect(negotiateLocale('en;q=0.5, pt-BR;q=0.9, es;q=0.7')).toBe('pt')
    expect(negotiateLocale('pt;q=0.2,es')).toBe('es')
    expect(negotiateLocale('es;q=0.8, en-US;q=0.81')).toBe('en')
  })

  it('keeps header order between equal q-values', () => {
    expect(negotiateLocale('es, pt')).toBe('es')
    expect(negotiateLocale('pt;q=0.5, es;q=0.5')).toBe('pt')
  })

  it('skips languages it does not support', () => {
    expect(negotiateLocale('fr-FR, de;q=0.9, es;q=0.1')).toBe('es')
    expect(negotiateLocale('fr-FR, de;q=0.9')).toBe('en')
    expect(negotiateLocale('*')).toBe('en')
  })

  it('treats q=0 as "not acceptable"', () => {
    expect(negotiateLocale('pt;q=0, es;q=0.3')).toBe('es')
    expect(negotiateLocale('es;q=0')).toBe('en')
  })

  it('ignores malformed entries', () => {
    expect(negotiateLocale('pt;q=abc, es;q=0.4')).toBe('es')
    expect(negotiateLocale(',,; ,es')).toBe('es')
  })

  it('accepts navigator.languages joined by commas', () => {
    expect(negotiateLocale(['pt-BR', 'pt', 'en-US', 'en'].join(','))).toBe('pt')
  })
})

describe('parseLocale', () => {
  it('accepts the supported locales and falls back otherwise', () => {
    for (const locale of LOCALES) expect(parseLocale(locale)).toBe(locale)
    expect(parseLocale('fr')).toBe('en')
    expect(parseLocale(undefined)).toBe('en')
    expect(parseLocale(1)).toBe('en')
    expect(isLocale('pt')).toBe(true)
    expect(isLocale('pt-BR')).toBe(false)
  })

  it('tags Portuguese as Brazilian', () => {
    expect(LOCALE_TAGS).toEqual({ en: 'en', pt: 'pt-BR', es: 'es' })
  })
})
