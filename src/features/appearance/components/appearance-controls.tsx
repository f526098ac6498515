import { Monitor, Moon, Sun } from 'lucide-react'
import { ChoiceGroup } from '~/components/ui/choice-group'
import { SwitchField } from '~/components/ui/switch'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { ACCENT_COLORS, FONT_SIZES } from '~/lib/preferences/appearance.schemas'
import { usePreferences } from '~/lib/preferences/preferences-provider'

const SWATCHES = {
  blue: 'bg-blue-600',
  green: 'bg-green-700',
  purple: 'bg-purple-600',
  red: 'bg-red-600',
  orange: 'bg-orange-700',
} as const

const ACCENT_LABELS = {
  blue: 'appearance.accent.blue',
  green: 'appearance.accent.green',
  purple: 'appearance.accent.purple',
  red: 'appearance.accent.red',
  orange: 'appearance.accent.orange',
} as const

const FONT_SIZE_LABELS = {
  small: 'appearance.fontSize.small',
  medium: 'appearance.fontSize.medium',
  large: 'appearance.fontSize.large',
} as const

/**
 * Theme, accent, font size, compact mode and animations. One set of controls,
 * used by the public header's display menu and the dashboard's appearance settings.
 */
export function AppearanceControls() {
  const { t } = useI18n()
  const { preferences, setTheme, setAppearance } = usePreferences()
  const { appearance } = preferences
  return (
    <div className="grid gap-5">
      <ChoiceGroup
        label={t('appearance.theme')}
        value={preferences.theme}
        onChange={setTheme}
        choices={[
          {
            value: 'light',
            label: t('appearance.theme.light'),
            icon: <Sun aria-hidden size={16} />,
          },
          {
            value: 'dark',
            label: t('appearance.theme.dark'),
            icon: <Moon aria-hidden size={16} />,
          },
          {
            value: 'system',
            label: t('appearance.theme.system'),
            icon: <Monitor aria-hidden size={16} />,
          },
        ]}
      />
      <ChoiceGroup
        label={t('appearance.accentColor')}
        variant="swatches"
        value={appearance.accentColor}
        onChange={(accentColor) => setAppearance({ accentColor })}
        choices={ACCENT_COLORS.map((color) => ({
          value: color,
          label: t(ACCENT_LABELS[color]),
          swatch: SWATCHES[color],
        }))}
      />
      <ChoiceGroup
        label={t('appearance.fontSize')}
        value={appearance.fontSize}
        onChange={(fontSize) => setAppearance({ fontSize })}
        choices={FONT_SIZES.map((size) => ({ value: size, label: t(FONT_SIZE_LABELS[size]) }))}
      />
      <SwitchField
        label={t('appearance.compactMode')}
        hint={t('appearance.compactMode.hint')}
        checked={appearance.compactMode}
        onCheckedChange={(compactMode) => setAppearance({ compactMode })}
      />
      <SwitchField
        label={t('appearance.animations')}
        hint={t('appearance.animations.hint')}
        checked={appearance.animations}
        onCheckedChange={(animations) => setAppearance({ animations })}
      />
    </div>
  )
}
