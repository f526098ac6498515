import type { MessageKey } from '~/lib/i18n/messages/en'
import { useI18n } from './i18n-provider'
import { LOCALE_TAGS } from './locales'

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

export type CountSummary = { channelCount: number; animeCount: number; subgroupCount: number }

/** "12 channels · 3 animes · 2 subgroups", zero counts left out ('' when all are zero). */
export function useCountSummary() {
  const plural = usePlural()
  return (counts: CountSummary) =>
    [
      counts.channelCount > 0
        ? plural(
            { one: 'library.group.channels.one', other: 'library.group.channels.other' },
            counts.channelCount,
          )
        : null,
      counts.animeCount > 0
        ? plural(
            { one: 'library.group.animes.one', other: 'library.group.animes.other' },
            counts.animeCount,
          )
        : null,
      counts.subgroupCount > 0
        ? plural(
            { one: 'library.group.subgroups.one', other: 'library.group.subgroups.other' },
            counts.subgroupCount,
          )
        : null,
    ]
      .filter(Boolean)
      .join(' · ')
}
