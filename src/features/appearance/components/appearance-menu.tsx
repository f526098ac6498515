import { Palette } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { Popover } from '~/components/ui/popover'
import { useI18n } from '~/lib/i18n/i18n-provider'

// Every public page carries this menu closed: its controls load when it is about to open.
const AppearanceControls = lazy(() =>
  import('./appearance-controls').then((module) => ({ default: module.AppearanceControls })),
)

/** The display menu in the public header: the same controls as the settings screen. */
export function AppearanceMenu() {
  const { t } = useI18n()
  const [wanted, setWanted] = useState(false)
  return (
    <Popover
      id="display-settings"
      label={t('appearance.open')}
      triggerClassName={buttonClassName('ghost', 'icon')}
      trigger={<Palette aria-hidden size={18} />}
      onTriggerIntent={() => setWanted(true)}
    >
      <h2 className="mb-4 text-base font-semibold">{t('appearance.title')}</h2>
      {wanted ? (
        <Suspense fallback={<div aria-busy="true" className="h-72" />}>
          <AppearanceControls />
        </Suspense>
      ) : null}
    </Popover>
  )
}
