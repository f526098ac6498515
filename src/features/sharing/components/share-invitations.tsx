import { MailPlus, X } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { Field, Input, Select } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useCancelInvitation, useInviteMember } from '../sharing.queries'
import {
  INVITATION_EXPIRY_DAYS,
  type InvitationDto,
  inviteSchema,
  MEMBER_ROLES,
  type MemberRole,
} from '../sharing.schemas'
import { ROLE_HINTS, ROLE_LABELS } from './share-labels'

const INVITE_FIELDS = ['email', 'role'] as const

/** Invitations by email: send (or send again), and the pending ones with Cancel. */
export function ShareInvitations(props: {
  groupId: string
  invitations: InvitationDto[]
  canInvite: boolean
}) {
  const { t } = useI18n()
  return (
    <CardSection
      id="share-invitations-title"
      title={t('sharing.invitations.title')}
      description={t('sharing.invitations.subtitle', { days: INVITATION_EXPIRY_DAYS })}
    >
      <InviteForm
        groupId={props.groupId}
        canInvite={props.canInvite}
        pendingEmails={props.invitations.map((invitation) => invitation.email)}
      />
      <div className="grid gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h3 className="text-sm font-semibold">{t('sharing.invitations.pending')}</h3>
        {props.invitations.length > 0 ? (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {props.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('sharing.invitations.empty')}
          </p>
        )}
      </div>
    </CardSection>
  )
}

function isMemberRole(value: string): value is MemberRole {
  return MEMBER_ROLES.some((role) => role === value)
}

function InviteForm(props: { groupId: string; canInvite: boolean; pendingEmails: string[] }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const invite = useInviteMember()
  const form = useSchemaForm({ schema: inviteSchema, fields: INVITE_FIELDS })
  const [role, setRole] = useState<MemberRole>('viewer')
  const blockedId = useId()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const values = form.validate({ ...formValues(element), groupId: props.groupId })
    if (!values) return
    // The server sends the mail again for an address already pending.
    const again = props.pendingEmails.includes(values.email)
    invite.mutate(values, {
      onSuccess: () => {
        toast.success(
          t(again ? 'sharing.invitations.resent' : 'sharing.invitations.sent', {
            email: values.email,
          }),
        )
        element.reset()
        setRole('viewer')
      },
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {props.canInvite ? null : (
        <FormAlert tone="info">
          <p id={blockedId}>{t('sharing.invitations.needsVerified')}</p>
        </FormAlert>
      )}
      <fieldset
        disabled={!props.canInvite || invite.isPending}
        aria-describedby={props.canInvite ? undefined : blockedId}
        className="grid items-start gap-4 disabled:opacity-70 sm:grid-cols-[1fr_14rem]"
      >
        <Field label={t('sharing.invitations.email')} error={form.error('email')}>
          {(control) => (
            <Input {...control} name="email" type="email" autoComplete="off" spellCheck={false} />
          )}
        </Field>
        <Field
          label={t('sharing.invitations.role')}
          error={form.error('role')}
          hint={t(ROLE_HINTS[role])}
        >
          {(control) => (
            <Select
              {...control}
              name="role"
              value={role}
              onChange={(event) => {
                if (isMemberRole(event.target.value)) setRole(event.target.value)
              }}
            >
              {MEMBER_ROLES.map((value) => (
                <option key={value} value={value}>
                  {t(ROLE_LABELS[value])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {invite.error ? (
          <FormAlert tone="error" className="sm:col-span-2">
            <p>{errorText(invite.error)}</p>
            <UpgradeLink error={invite.error} />
          </FormAlert>
        ) : null}
        <Button type="submit" className="justify-self-start sm:col-span-2">
          <MailPlus aria-hidden size={16} />
          {invite.isPending ? t('sharing.invitations.sending') : t('sharing.invitations.send')}
        </Button>
      </fieldset>
    </form>
  )
}

function InvitationRow(props: { invitation: InvitationDto }) {
  const { t, formatDate } = useI18n()
  const cancel = useCancelInvitation()
  const [confirming, setConfirming] = useState(false)
  const { invitation } = props
  const date = formatDate(new Date(invitation.expiresAt))

  const confirmCancel = () =>
    cancel.mutate(
      { invitationId: invitation.id },
      {
        onSuccess: () => {
          toast.success(t('sharing.invitations.cancelled', { email: invitation.email }))
          setConfirming(false)
        },
      },
    )

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="grid min-w-40 flex-1 gap-0.5">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t(ROLE_LABELS[invitation.role])} ·{' '}
          {t(invitation.expired ? 'sharing.date.expired' : 'sharing.date.expires', { date })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('sharing.invitations.cancelLabel', { email: invitation.email })}
        onClick={() => {
          cancel.reset()
          setConfirming(true)
        }}
      >
        <X aria-hidden size={16} />
        <span aria-hidden>{t('sharing.invitations.cancel')}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sharing.invitations.cancelTitle', { email: invitation.email })}
        description={<p>{t('sharing.invitations.cancelBody')}</p>}
        confirmLabel={t('sharing.invitations.cancelConfirm')}
        pendingLabel={t('sharing.invitations.cancelling')}
        cancelLabel={t('sharing.invitations.keep')}
        pending={cancel.isPending}
        error={cancel.error}
        onConfirm={confirmCancel}
      />
    </li>
  )
}
