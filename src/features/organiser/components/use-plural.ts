import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'

/** A message in its singular and plural forms; `{count}` is filled in formatted. */
export type PluralKeys = { one: MessageKey; other: MessageKey }

const rulesByTag = new Map<string, Intl.PluralRules>()

/** CLDR's category for a count; en, pt-BR and es only need "one" vs the rest. */
export function pluralCategory(tag: string, count: number): 'one' | 'other' {
  let rules = rulesByTag.get(tag)
  if (!rules) {
    rules = new Intl.PluralRules(tag)
    rulesByTag.set(tag, rules)
  }
  return rules.select(count) === 'one' ? 'one' : 'other'
}

/** `plural(keys, count, params)`: the right form for the reader's language. */
export function usePlural() {
  const { t, locale, formatNumber } = useI18n()
  return (keys: PluralKeys, count: number, params: Record<string, string | number> = {}) =>
    t(keys[pluralCategory(LOCALE_TAGS[locale], count)], { ...params, count: formatNumber(count) })
}
