import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { isOverviewOrigin, type OverviewOrigin } from '../overview.schemas'

const ORIGIN_MESSAGES = {
  import: 'dashboard.overview.origin.import',
  extension: 'dashboard.overview.origin.extension',
  confirmed: 'dashboard.overview.origin.confirmed',
} as const satisfies Record<OverviewOrigin, string>

/** A welcome line for a known `origin`; anything else shows nothing. */
export function OriginNotice(props: { origin: string }) {
  const { t } = useI18n()
  if (!isOverviewOrigin(props.origin)) return null
  return <FormAlert tone="success">{t(ORIGIN_MESSAGES[props.origin])}</FormAlert>
}
