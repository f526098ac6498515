import { toast } from 'sonner'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'

/** How long a toast offers Undo. */
export const UNDO_MS = 10_000

/**
 * A success toast with Undo for 10 s. `undo` asks the server; its refusal
 * (a stale undo, say) is told in the reader's language, its success with
 * `undone` (default "Undone.").
 */
export function useUndoToast() {
  const { t } = useI18n()
  const errorText = useErrorText()
  return <T>(message: string, undo: () => Promise<T>, undone?: (result: T) => string) => {
    toast.success(message, {
      duration: UNDO_MS,
      action: {
        label: t('groups.undo'),
        onClick: () => {
          undo().then(
            (result) => toast.success(undone ? undone(result) : t('groups.undo.done')),
            (error: unknown) => toast.error(errorText(error)),
          )
        },
      },
    })
  }
}
