import { createFileRoute } from '@tanstack/react-router'
import { AppearanceControls } from '~/features/appearance/components/appearance-controls'
import { LanguageSwitcher } from '~/features/appearance/components/language-switcher'
import { useI18n } from '~/lib/i18n/i18n-provider'

export const Route = createFileRoute('/dashboard/settings/appearance/')({
  component: AppearanceSettingsPage,
})

function AppearanceSettingsPage() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="appearance-title" className="grid gap-6">
      <div>
        <h2 id="appearance-title" className="text-xl font-semibold">
          {t('settings.appearance.title')}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('settings.appearance.subtitle')}
        </p>
      </div>
      <div className="grid max-w-md gap-6">
        <div className="grid gap-2">
          <span className="text-sm font-medium">{t('language.label')}</span>
          <LanguageSwitcher />
        </div>
        <AppearanceControls />
      </div>
    </section>
  )
}
