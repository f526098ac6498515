import { useSuspenseQuery } from '@tanstack/react-query'
import { ChoiceGroup } from '~/components/ui/choice-group'
import { SwitchField } from '~/components/ui/switch'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { groupSettingsQuery, useUpdateGroupSettings } from '../groups.queries'
import { type GroupSettingsChange, groupSettingsSchema } from '../groups.schemas'
import { ColorPicker } from './color-picker'
import { IconField } from './icon-field'

const SORT_LABELS = {
  manual: 'groups.settings.sort.manual',
  name: 'groups.settings.sort.name',
  added: 'groups.settings.sort.added',
  subscribers: 'groups.settings.sort.subscribers',
} as const

/**
 * `/dashboard/settings/groups/`: the user's organiser defaults, stored in the
 * database. Each change is saved at once (and rolled back with a toast if refused).
 */
export function GroupSettingsForm() {
  const { t } = useI18n()
  const { data: settings } = useSuspenseQuery(groupSettingsQuery())
  const update = useUpdateGroupSettings()
  // Only what changed: another tab's newer settings are not sent back.
  const save = (change: GroupSettingsChange) => update.mutate(change)
  return (
    <div className="grid max-w-xl gap-8">
      <IconField
        label={t('groups.settings.defaultIcon')}
        value={settings.defaultIcon}
        color={settings.defaultColor}
        allowDefault={false}
        onChange={(icon) => {
          if (icon) save({ defaultIcon: icon })
        }}
      />
      <ColorPicker
        label={t('groups.settings.defaultColor')}
        value={settings.defaultColor}
        onChange={(defaultColor) => save({ defaultColor })}
      />
      <ChoiceGroup
        label={t('groups.settings.defaultSort')}
        value={settings.defaultSort}
        onChange={(defaultSort) => save({ defaultSort })}
        choices={groupSettingsSchema.shape.defaultSort.options.map((sort) => ({
          value: sort,
          label: t(SORT_LABELS[sort]),
        }))}
      />
      <SwitchField
        label={t('groups.settings.treeExpanded')}
        hint={t('groups.settings.treeExpandedHint')}
        checked={settings.treeExpanded}
        onCheckedChange={(treeExpanded) => save({ treeExpanded })}
      />
      <SwitchField
        label={t('groups.settings.showCounts')}
        hint={t('groups.settings.showCountsHint')}
        checked={settings.showCounts}
        onCheckedChange={(showCounts) => save({ showCounts })}
      />
      <p aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
        {update.isPending
          ? t('groups.settings.saving')
          : update.isSuccess
            ? t('groups.settings.saved')
            : ''}
      </p>
    </div>
  )
}
