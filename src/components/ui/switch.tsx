import { type ReactNode, useId } from 'react'

type SwitchFieldProps = {
  label: ReactNode
  hint?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/** A native checkbox announced as a switch, styled as one; keyboard and forms work as usual. */
export function SwitchField({ label, hint, checked, onCheckedChange }: SwitchFieldProps) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={[
          'relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-400 transition-colors checked:bg-primary dark:bg-zinc-600',
          "before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
          'checked:before:translate-x-5',
        ].join(' ')}
      />
    </div>
  )
}
