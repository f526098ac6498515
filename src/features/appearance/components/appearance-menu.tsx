import { Palette } from 'lucide-react'
import { buttonClassName } from '~/components/ui/button'
import { Popover } from '~/components/ui/popover'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { AppearanceControls } from './appearance-controls'

/** The display menu in the public header: the same controls as the settings screen. */
export function AppearanceMenu() {
  const { t } = useI18n()
  return (
    <Popover
      id="display-settings"
      label={t('appearance.open')}
      triggerClassName={buttonClassName('ghost', 'icon')}
      trigger={<Palette aria-hidden size={18} />}
    >
      <h2 className="mb-4 text-base font-semibold">{t('appearance.title')}</h2>
      <AppearanceControls />
    </Popover>
  )
}
