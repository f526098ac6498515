import { Link, useNavigate } from '@tanstack/react-router'
import { Copy, LogOut } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { FormAlert } from '~/components/ui/form-alert'
import type { GroupDetail as GroupDetailDto } from '~/features/groups/groups.schemas'
import { errorCodeOf } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useCopySharedGroup, useLeaveGroup } from '../sharing.queries'

/**
 * A member's own actions: a deep copy into their groups, and leaving. Leaving
 * works on the group the grant is on; below it the server answers
 * GROUP_NOT_FOUND and the dialog points to the shared group (the first crumb).
 */
export function MemberActions(props: { detail: GroupDetailDto }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const { group, ancestors } = props.detail
  const copy = useCopySharedGroup()
  const leave = useLeaveGroup()
  const [confirming, setConfirming] = useState(false)
  const root = ancestors[0] ?? null
  const inherited = leave.error ? errorCodeOf(leave.error).code === 'GROUP_NOT_FOUND' : false

  const onCopy = () =>
    copy.mutate(
      { groupId: group.id },
      {
        onSuccess: (result) => {
          toast.success(t('shared.copy.done', { name: group.name }))
          void navigate({ to: '/dashboard/groups/$id/', params: { id: result.groupId } })
        },
        onError: (error) => toast.error(errorText(error)),
      },
    )
  const onLeave = () =>
    leave.mutate(
      { groupId: group.id },
      {
        onSuccess: () => {
          setConfirming(false)
          toast.success(t('shared.leave.done', { name: group.name }))
          void navigate({ to: '/dashboard/groups/' })
        },
      },
    )
  const openChange = (open: boolean) => {
    if (!open) leave.reset()
    setConfirming(open)
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={onCopy} disabled={copy.isPending}>
        <Copy aria-hidden size={16} />
        {copy.isPending ? t('shared.copy.busy') : t('shared.copy.button')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => openChange(true)}>
        <LogOut aria-hidden size={16} />
        {t('shared.leave.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={openChange}
        title={t('shared.leave.title', { name: group.name })}
        description={t('shared.leave.description')}
        cancelLabel={t('shared.leave.cancel')}
        confirmLabel={t('shared.leave.confirm')}
        pendingLabel={t('shared.leave.busy')}
        pending={leave.isPending}
        error={inherited ? null : leave.error}
        confirmDisabled={inherited && root !== null}
        onConfirm={onLeave}
      >
        {inherited && root ? (
          <FormAlert tone="error">
            <p>{t('shared.leave.inherited', { root: root.name })}</p>
            <Link
              to="/dashboard/groups/$id/"
              params={{ id: root.id }}
              onClick={() => openChange(false)}
              className="mt-1 inline-block font-medium underline underline-offset-2"
            >
              {t('shared.leave.openRoot', { root: root.name })}
            </Link>
          </FormAlert>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
