import { AlertCircle, CheckCircle2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

/** A form-level message; errors are announced at once, successes politely. */
export function FormAlert(props: {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
  className?: string
}) {
  const Icon = props.tone === 'success' ? CheckCircle2 : AlertCircle
  return (
    <div
      role={props.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg p-3 text-sm',
        props.tone === 'error' && 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
        props.tone === 'success' &&
          'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
        props.tone === 'info' &&
          'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-zinc-100',
        props.className,
      )}
    >
      <Icon aria-hidden size={16} className="mt-0.5 shrink-0" />
      <div>{props.children}</div>
    </div>
  )
}
