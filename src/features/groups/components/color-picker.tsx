import { Check } from 'lucide-react'
import { useId } from 'react'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { GROUP_COLORS, type GroupColor } from '../groups.schemas'
import { GROUP_COLOR_CLASSES } from './group-icon'

export const COLOR_LABELS = {
  slate: 'groups.color.slate',
  red: 'groups.color.red',
  orange: 'groups.color.orange',
  amber: 'groups.color.amber',
  green: 'groups.color.green',
  teal: 'groups.color.teal',
  blue: 'groups.color.blue',
  indigo: 'groups.color.indigo',
  purple: 'groups.color.purple',
  pink: 'groups.color.pink',
} as const satisfies Record<GroupColor, string>

export type ColorPickerProps = {
  /** The fieldset's legend. */
  label: string
  /** What the "Default" choice looks like: the user's default colour. */
  defaultColor?: GroupColor
} & (
  | {
      /** A first choice "Default" stands for null (the user's default colour). */
      allowDefault: true
      value: GroupColor | null
      onChange: (value: GroupColor | null) => void
    }
  | { allowDefault?: false; value: GroupColor; onChange: (value: GroupColor) => void }
)

const swatchClass =
  'relative grid size-8 cursor-pointer place-items-center rounded-full ring-offset-2 ring-offset-white has-checked:ring-2 has-checked:ring-zinc-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-4 has-focus-visible:outline-primary dark:ring-offset-zinc-900 dark:has-checked:ring-zinc-100'

/**
 * The group colours as native radio buttons (arrow keys, screen readers and
 * forms behave as usual); each swatch keeps its colour name as its label.
 */
export function ColorPicker(props: ColorPickerProps) {
  const { t } = useI18n()
  const name = useId()
  const choices: (GroupColor | null)[] = props.allowDefault
    ? [null, ...GROUP_COLORS]
    : [...GROUP_COLORS]
  const select = (color: GroupColor | null) => {
    if (props.allowDefault) props.onChange(color)
    else if (color) props.onChange(color)
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{props.label}</legend>
      <div className="flex flex-wrap gap-3">
        {choices.map((color) => {
          const checked = props.value === color
          const label = color ? t(COLOR_LABELS[color]) : t('groups.color.default')
          return (
            <label
              key={color ?? 'default'}
              title={label}
              className={cn(
                swatchClass,
                color
                  ? GROUP_COLOR_CLASSES[color].swatch
                  : cn(
                      'border-2 border-dashed border-zinc-400 dark:border-zinc-500',
                      props.defaultColor && GROUP_COLOR_CLASSES[props.defaultColor].tile,
                    ),
              )}
            >
              <input
                type="radio"
                name={name}
                value={color ?? ''}
                checked={checked}
                onChange={() => select(color)}
                className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
              />
              {checked ? (
                <Check
                  aria-hidden
                  size={16}
                  className={
                    color === null
                      ? 'text-zinc-900 dark:text-zinc-100'
                      : color === 'amber'
                        ? 'text-zinc-950'
                        : 'text-white'
                  }
                />
              ) : null}
              <span className="sr-only">{label}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
