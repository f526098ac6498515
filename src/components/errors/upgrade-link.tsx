import { BILLING_PATH, isPlanLimit, isPlanLimitKey } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'

/**
 * Beside a refused write: when a paid plan would lift the refusal, the way
 * to the billing screen. `messageKey`: a refusal stored as its message key.
 */
export function UpgradeLink(props: { error?: unknown; messageKey?: string | null }) {
  const { t } = useI18n()
  if (!isPlanLimit(props.error) && !isPlanLimitKey(props.messageKey ?? null)) return null
  return (
    <a
      href={BILLING_PATH}
      className="mt-1 inline-block font-medium underline underline-offset-2"
      data-testid="upgrade-link"
    >
      {t('billing.upgradeLink')}
    </a>
  )
}
