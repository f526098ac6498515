import { describe, expect, it } from 'vitest'
import {
  DEFAULT_APPEARANCE,
  DEFAULT_PREFERENCES,
  htmlAttributes,
  PREFERENCE_KEYS,
  parseAppearance,
  parsePreferences,
  parseTheme,
} from './appearance.schemas'

function cookies(jar: Record<string, string>) {
  return (name: string) => jar[name]
}

describe('parsePreferences', () => {
  it('gives the defaults when no cookie is set', () => {
    expect(parsePreferences(cookies({}))).toEqual(DEFAULT_PREFERENCES)
    expect(DEFAULT_PREFERENCES).toEqual({
      appearance: { accentColor: 'blue', fontSize: 'medium', compactMode: false, animations: true },
      theme: 'system',
      locale: 'en',
    })
  })

  it('reads valid cookies', () => {
    const preferences = parsePreferences(
      cookies({
        [PREFERENCE_KEYS.appearance]: JSON.stringify({
          accentColor: 'purple',
          fontSize: 'large',
          compactMode: true,
          animations: false,
        }),
        [PREFERENCE_KEYS.theme]: 'dark',
        [PREFERENCE_KEYS.language]: 'pt',
      }),
    )
    expect(preferences).toEqual({
      appearance: {
        accentColor: 'purple',
        fontSize: 'large',
        compactMode: true,
        animations: false,
      },
      theme: 'dark',
      locale: 'pt',
    })
  })

  it('uses the negotiated locale when there is no language cookie', () => {
    expect(parsePreferences(cookies({}), 'es').locale).toBe('es')
    // A chosen language beats the negotiated one.
    expect(parsePreferences(cookies({ [PREFERENCE_KEYS.language]: 'en' }), 'es').locale).toBe('en')
  })

  it.each([
    ['not json', '{oops'],
    ['json null', 'null'],
    ['an array', '[1,2,3]'],
    ['a number', '42'],
    ['a string', '"purple"'],
    ['an empty value', ''],
  ])('falls back to the default appearance for %s', (_label, raw) => {
    expect(parsePreferences(cookies({ [PREFERENCE_KEYS.appearance]: raw })).appearance).toEqual(
      DEFAULT_APPEARANCE,
    )
  })

  it('keeps the valid fields of a tampered appearance cookie and defaults the rest', () => {
    const raw = JSON.stringify({
      accentColor: 'url(javascript:alert(1))',
      fontSize: 'large',
      compactMode: 'true',
      animations: false,
      __proto__: { polluted: true },
      extra: 'ignored',
    })
    const { appearance } = parsePreferences(cookies({ [PREFERENCE_KEYS.appearance]: raw }))
    expect(appearance).toEqual({
      accentColor: 'blue',
      fontSize: 'large',
      compactMode: false,
      animations: false,
    })
    expect(Object.keys(appearance).sort()).toEqual([
      'accentColor',
      'animations',
      'compactMode',
      'fontSize',
    ])
    expect({}).not.toHaveProperty('polluted')
  })

  it('falls back for a tampered theme or language cookie', () => {
    const preferences = parsePreferences(
      cookies({
        [PREFERENCE_KEYS.theme]: '" onload="alert(1)',
        [PREFERENCE_KEYS.language]: 'xx-evil',
      }),
      'pt',
    )
    expect(preferences.theme).toBe('system')
    // A broken language cookie is no choice at all: the negotiated locale applies.
    expect(preferences.locale).toBe('pt')
    expect(parsePreferences(cookies({ [PREFERENCE_KEYS.language]: 'ES' }), 'pt').locale).toBe('pt')
  })
})

describe('parseAppearance and parseTheme', () => {
  it('accept only known values', () => {
    expect(parseAppearance(undefined)).toEqual(DEFAULT_APPEARANCE)
    expect(parseAppearance({ accentColor: 'orange' }).accentColor).toBe('orange')
    expect(parseAppearance({ fontSize: 'huge' }).fontSize).toBe('medium')
    expect(parseTheme('light')).toBe('light')
    expect(parseTheme('LIGHT')).toBe('system')
    expect(parseTheme(undefined)).toBe('system')
  })
})

describe('htmlAttributes', () => {
  it('turns preferences into the attributes the stylesheet reads', () => {
    expect(htmlAttributes(DEFAULT_PREFERENCES)).toEqual({
      className: 'system',
      'data-accent': 'blue',
      'data-font-size': 'medium',
      'data-compact': 'false',
      'data-animations': 'true',
    })
    expect(
      htmlAttributes({
        theme: 'dark',
        locale: 'es',
        appearance: { accentColor: 'red', fontSize: 'small', compactMode: true, animations: false },
      }),
    ).toEqual({
      className: 'dark',
      'data-accent': 'red',
      'data-font-size': 'small',
      'data-compact': 'true',
      'data-animations': 'false',
    })
  })

  it('never carries a tampered cookie value into the page', () => {
    const attributes = htmlAttributes(
      parsePreferences(
        cookies({
          [PREFERENCE_KEYS.theme]: 'dark" onclick="x',
          [PREFERENCE_KEYS.appearance]: '{"accentColor":"<script>","fontSize":"x"}',
        }),
      ),
    )
    expect(attributes.className).toBe('system')
    expect(attributes['data-accent']).toBe('blue')
    expect(attributes['data-font-size']).toBe('medium')
  })
})
