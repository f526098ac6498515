import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

/**
 * The platform's popover (the `popover` attribute): top layer, light dismiss,
 * Escape to close and focus return, with no JavaScript shipped for it.
 */
export function Popover(props: {
  id: string
  label: string
  trigger: ReactNode
  triggerClassName?: string
  className?: string
  /** Called when the trigger is about to be used (hover, focus, click), to fetch lazy content. */
  onTriggerIntent?: () => void
  children: ReactNode
}) {
  return (
    <>
      <button
        type="button"
        popoverTarget={props.id}
        aria-label={props.label}
        className={props.triggerClassName}
        onPointerEnter={props.onTriggerIntent}
        onFocus={props.onTriggerIntent}
        onClick={props.onTriggerIntent}
      >
        {props.trigger}
      </button>
      <div
        id={props.id}
        popover="auto"
        role="dialog"
        aria-label={props.label}
        className={cn(
          'fixed inset-auto top-18 right-4 m-0 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-lg',
          'dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
          props.className,
        )}
      >
        {props.children}
      </div>
    </>
  )
}
