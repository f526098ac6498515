import { ERROR_MESSAGES, errorCodeOf } from '~/lib/app-error'
import { displayParams } from '~/lib/error-params'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'

/** The translated text of whatever a mutation or server function threw (one mapping, at the edge). */
export function useErrorText() {
  const { translateKey, locale } = useI18n()
  return (error: unknown) => {
    const { code, params } = errorCodeOf(error)
    return translateKey(ERROR_MESSAGES[code], displayParams(params, LOCALE_TAGS[locale]))
  }
}
