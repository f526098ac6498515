import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { FormAlert } from '~/components/ui/form-alert'
import { errorCodeOf } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'

export type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  pendingLabel: string
  cancelLabel?: string
  pending: boolean
  /** A refusal from the server, shown in the dialog (a stale version offers `onReload`). */
  error?: unknown
  onConfirm: () => void
  /** Keeps the confirm button off, e.g. while the dialog explains why it cannot go on. */
  confirmDisabled?: boolean
  children?: ReactNode
  /** Offered when the refusal was a stale version: fetch the latest and start over. */
  onReload?: () => void
}

/** Waits for the server, so a refusal (e.g. changed elsewhere) is explained here with a way to reload. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const stale = props.error ? errorCodeOf(props.error).code === 'STALE_VERSION' : false
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open ? (
        <DialogContent role="alertdialog">
          <DialogTitle className="text-lg font-semibold">{props.title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2 text-sm text-zinc-700 dark:text-zinc-300">
              {props.description}
            </div>
          </DialogDescription>
          {props.children}
          {props.error ? (
            <FormAlert tone="error">
              <p>{errorText(props.error)}</p>
              {stale && props.onReload ? (
                <Button variant="secondary" size="sm" className="mt-2" onClick={props.onReload}>
                  <RotateCw aria-hidden size={14} />
                  {t('groups.form.reload')}
                </Button>
              ) : null}
            </FormAlert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">{props.cancelLabel ?? t('groups.common.cancel')}</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={props.onConfirm}
              disabled={
                props.pending || props.confirmDisabled || (stale && props.onReload !== undefined)
              }
            >
              {props.pending ? props.pendingLabel : props.confirmLabel}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
