import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '~/lib/cn'

type ControlProps = {
  id: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

/**
 * Label, control, hint and error wired together: the error is announced with
 * the control (aria-describedby) and marks it invalid.
 */
export function Field(props: {
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={cn('grid gap-1.5', props.className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children({
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {props.hint ? (
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

const controlClass =
  'w-full rounded-lg border border-zinc-300 bg-white pl-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-500 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:aria-invalid:border-red-400'

/** `trailingSpace` leaves room for a button inside the input (e.g. show password). */
export function Input({
  className,
  trailingSpace,
  ...props
}: ComponentProps<'input'> & { trailingSpace?: boolean }) {
  return (
    <input
      className={cn(controlClass, 'h-10', trailingSpace ? 'pr-11' : 'pr-3', className)}
      {...props}
    />
  )
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass, 'min-h-32 py-2 pr-3', className)} {...props} />
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClass, 'h-10 pr-3', className)} {...props} />
}
