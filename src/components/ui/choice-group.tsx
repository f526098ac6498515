import { type ReactNode, useId } from 'react'
import { cn } from '~/lib/cn'

type Choice<T extends string> = { value: T; label: string; icon?: ReactNode; swatch?: string }

type ChoiceGroupProps<T extends string> = {
  label: string
  value: T
  choices: readonly Choice<T>[]
  onChange: (value: T) => void
  /** `swatches` draws round colour buttons with the label kept for screen readers. */
  variant?: 'segmented' | 'swatches'
}

/**
 * One-of-many as native radio buttons in a fieldset: arrow keys, forms and
 * screen readers behave as users expect, with no script to ship.
 */
export function ChoiceGroup<T extends string>(props: ChoiceGroupProps<T>) {
  const { label, value, choices, onChange, variant = 'segmented' } = props
  const name = useId()
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div
        className={cn(
          'flex',
          variant === 'segmented'
            ? 'rounded-lg border border-zinc-200 p-1 dark:border-zinc-800'
            : 'gap-3',
        )}
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            title={variant === 'swatches' ? choice.label : undefined}
            className={cn(
              'relative cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
              variant === 'swatches'
                ? cn(
                    'size-8 rounded-full ring-offset-2 ring-offset-white has-checked:ring-2 has-checked:ring-zinc-900 dark:ring-offset-zinc-900 dark:has-checked:ring-zinc-100',
                    choice.swatch,
                  )
                : cn(
                    'flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-zinc-700 dark:text-zinc-300',
                    'has-checked:bg-primary-soft has-checked:font-medium has-checked:text-primary-strong',
                    'dark:has-checked:bg-zinc-800 dark:has-checked:text-white',
                  ),
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.icon}
            <span className={variant === 'swatches' ? 'sr-only' : undefined}>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
