import { useId, useState } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupColor } from '../groups.schemas'
import { GroupIcon } from './group-icon'
import { IconPicker } from './icon-picker'

/** The trigger used by forms: the current icon, and a button opening the picker. */
export function IconField(props: {
  label: string
  value: string | null
  color: GroupColor | null
  defaultIcon?: string | null
  defaultColor?: GroupColor | null
  /** Offer "Use default" (null); off where a value is required (the settings' default icon). */
  allowDefault?: boolean
  onChange: (value: string | null) => void
}) {
  const allowDefault = props.allowDefault ?? true
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const labelId = useId()
  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium">
        {props.label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <GroupIcon
          icon={props.value}
          color={props.color}
          defaultIcon={props.defaultIcon}
          defaultColor={props.defaultColor}
          size={24}
          variant="tile"
          className="size-10"
        />
        <Button variant="secondary" aria-describedby={labelId} onClick={() => setOpen(true)}>
          {t('groups.iconPicker.open')}
        </Button>
        {!allowDefault ? null : props.value ? (
          <Button variant="ghost" onClick={() => props.onChange(null)}>
            {t('groups.iconPicker.useDefault')}
          </Button>
        ) : (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('groups.iconPicker.usingDefault')}
          </span>
        )}
      </div>
      {open ? (
        <IconPicker
          open={open}
          onOpenChange={setOpen}
          value={props.value}
          color={props.color ?? props.defaultColor ?? null}
          onChange={props.onChange}
        />
      ) : null}
    </div>
  )
}
