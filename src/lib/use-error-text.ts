import { ERROR_MESSAGES, errorCodeOf } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'

/** The translated text of whatever a mutation or server function threw (one mapping, at the edge). */
export function useErrorText() {
  const { translateKey } = useI18n()
  return (error: unknown) => {
    const { code, params } = errorCodeOf(error)
    return translateKey(ERROR_MESSAGES[code], params)
  }
}
