import { useNavigate } from '@tanstack/react-router'
import { Crown } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { Select } from '~/components/ui/field'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useTransferOwnership } from '../sharing.queries'
import type { MemberDto } from '../sharing.schemas'

/** Danger zone: hand the group to one of its editors, confirmed, at the version on screen. */
export function ShareTransfer(props: {
  group: { id: string; name: string; version: number }
  members: MemberDto[]
  onReload: () => Promise<void>
}) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const selectId = useId()
  const transfer = useTransferOwnership()
  const editors = props.members.filter((member) => member.role === 'editor')
  const [chosenId, setChosenId] = useState('')
  const [confirming, setConfirming] = useState(false)
  // The pick is dropped when that member is no longer an editor.
  const chosen = editors.find((member) => member.userId === chosenId) ?? null
  const { group } = props

  const confirm = () => {
    if (!chosen) return
    transfer.mutate(
      { groupId: group.id, userId: chosen.userId, version: group.version },
      {
        onSuccess: () => {
          toast.success(t('sharing.transfer.done', { name: chosen.name, group: group.name }))
          setConfirming(false)
          navigate({ to: '/dashboard/groups/$id/', params: { id: group.id } })
        },
      },
    )
  }

  const reload = async () => {
    await props.onReload()
    transfer.reset()
  }

  return (
    <CardSection
      id="share-transfer-title"
      title={t('sharing.transfer.title')}
      description={t('sharing.transfer.body')}
      danger
    >
      {editors.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('sharing.transfer.noEditors')}
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid w-64 max-w-full gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('sharing.transfer.to')}
            </label>
            <Select
              id={selectId}
              value={chosen?.userId ?? ''}
              onChange={(event) => setChosenId(event.target.value)}
            >
              <option value="">{t('sharing.transfer.choose')}</option>
              {editors.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="danger"
            disabled={!chosen}
            onClick={() => {
              transfer.reset()
              setConfirming(true)
            }}
          >
            <Crown aria-hidden size={16} />
            {t('sharing.transfer.button')}
          </Button>
        </div>
      )}
      {chosen ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('sharing.transfer.confirmTitle', { name: chosen.name, group: group.name })}
          description={
            <p>{t('sharing.transfer.confirmBody', { name: chosen.name, group: group.name })}</p>
          }
          confirmLabel={t('sharing.transfer.confirm')}
          pendingLabel={t('sharing.transfer.transferring')}
          pending={transfer.isPending}
          error={transfer.error}
          onConfirm={confirm}
          onReload={reload}
        />
      ) : null}
    </CardSection>
  )
}
