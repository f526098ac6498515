import { createContext, type ReactNode, use, useEffect, useMemo } from 'react'
import { rememberMessages } from './load-messages'
import { LOCALE_TAGS, type Locale } from './locales'
import type { Messages } from './messages/en'
import {
  createKeyTranslator,
  createTranslator,
  type Translate,
  type TranslateKey,
} from './translate'

type I18n = {
  locale: Locale
  t: Translate
  translateKey: TranslateKey
  formatNumber: (value: number) => string
  formatUsd: (cents: number) => string
  formatDate: (value: Date) => string
}

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider(props: { locale: Locale; messages: Messages; children: ReactNode }) {
  const { locale, messages } = props
  useEffect(() => rememberMessages(locale, messages), [locale, messages])
  const value = useMemo<I18n>(() => {
    const tag = LOCALE_TAGS[locale]
    const number = new Intl.NumberFormat(tag)
    const usd = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
    })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' })
    return {
      locale,
      t: createTranslator(messages),
      translateKey: createKeyTranslator(messages, 'errors.validation'),
      formatNumber: (value) => number.format(value),
      formatUsd: (cents) => usd.format(cents / 100),
      formatDate: (value) => date.format(value),
    }
  }, [locale, messages])
  return <I18nContext value={value}>{props.children}</I18nContext>
}

export function useI18n(): I18n {
  const value = use(I18nContext)
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>')
  return value
}
