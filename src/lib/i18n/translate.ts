import type { MessageKey, Messages } from './messages/en'

export type TranslateParams = Record<string, string | number>
export type Translate = (key: MessageKey, params?: TranslateParams) => string
/** For keys that arrive as data (validation issues, error codes); unknown keys fall back. */
export type TranslateKey = (key: string, params?: TranslateParams) => string

/** Builds `t()` over one dictionary; `{name}` placeholders are filled from params. */
export function createTranslator(messages: Messages): Translate {
  return (key, params) => {
    const template = messages[key]
    if (!params) return template
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    )
  }
}

export function createKeyTranslator(messages: Messages, fallback: MessageKey): TranslateKey {
  const t = createTranslator(messages)
  const isKey = (key: string): key is MessageKey => Object.hasOwn(messages, key)
  return (key, params) => (isKey(key) ? t(key, params) : t(fallback, params))
}
