import { RotateCw, UserMinus } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { Select } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { errorCodeOf } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useChangeMemberRole, useRemoveMember } from '../sharing.queries'
import type { MemberDto, MemberRole } from '../sharing.schemas'
import { MEMBER_ROLES } from '../sharing.schemas'
import { ROLE_LABELS } from './share-labels'

type MembersProps = {
  groupId: string
  members: MemberDto[]
  /** Fetches the latest sharing overview (after a stale refusal). */
  onReload: () => Promise<void>
}

/** Who has access, with their role (changeable) and a way to take it back. */
export function ShareMembers(props: MembersProps) {
  const { t } = useI18n()
  return (
    <CardSection id="share-members-title" title={t('sharing.members.title')}>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <li className="flex items-center gap-3 py-3">
          <MemberInitial name={t('sharing.members.you')} />
          <p className="min-w-0 flex-1 font-medium">{t('sharing.members.you')}</p>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('sharing.role.owner')}
          </span>
        </li>
        {props.members.map((member) => (
          <MemberRow
            key={member.userId}
            groupId={props.groupId}
            member={member}
            onReload={props.onReload}
          />
        ))}
      </ul>
      {props.members.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sharing.members.empty')}</p>
      ) : null}
    </CardSection>
  )
}

function MemberInitial(props: { name: string; image?: string | null }) {
  if (props.image) {
    return (
      <img
        src={props.image}
        alt=""
        referrerPolicy="no-referrer"
        className="size-9 shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800"
      />
    )
  }
  return (
    <span
      aria-hidden
      className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary-strong dark:bg-zinc-800 dark:text-zinc-100"
    >
      {props.name.trim().charAt(0).toUpperCase()}
    </span>
  )
}

function isMemberRole(value: string): value is MemberRole {
  return MEMBER_ROLES.some((role) => role === value)
}

function MemberRow(props: { groupId: string; member: MemberDto; onReload: () => Promise<void> }) {
  const { t, formatDate } = useI18n()
  const errorText = useErrorText()
  const selectId = useId()
  const change = useChangeMemberRole()
  const remove = useRemoveMember()
  const [confirming, setConfirming] = useState(false)
  const { member } = props
  const stale = change.error ? errorCodeOf(change.error).code === 'STALE_VERSION' : false
  const shownRole = change.isPending && change.variables ? change.variables.role : member.role

  const onRole = (value: string) => {
    if (!isMemberRole(value) || value === member.role) return
    change.mutate(
      { groupId: props.groupId, userId: member.userId, role: value, version: member.version },
      {
        onSuccess: () =>
          toast.success(
            t('sharing.members.roleChanged', { name: member.name, role: t(ROLE_LABELS[value]) }),
          ),
      },
    )
  }

  const reload = async () => {
    await props.onReload()
    change.reset()
  }

  const confirmRemove = () =>
    remove.mutate(
      { groupId: props.groupId, userId: member.userId },
      {
        onSuccess: () => {
          toast.success(t('sharing.members.removed', { name: member.name }))
          setConfirming(false)
        },
      },
    )

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MemberInitial name={member.name} image={member.image} />
      <div className="grid min-w-40 flex-1 gap-0.5">
        <p className="truncate font-medium">{member.name}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('sharing.members.joined', { date: formatDate(new Date(member.joinedAt)) })}
        </p>
      </div>
      <label htmlFor={selectId} className="sr-only">
        {t('sharing.members.roleLabel', { name: member.name })}
      </label>
      <div className="w-32">
        <Select
          id={selectId}
          value={shownRole}
          disabled={change.isPending}
          onChange={(event) => onRole(event.target.value)}
        >
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABELS[role])}
            </option>
          ))}
        </Select>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('sharing.members.removeLabel', { name: member.name })}
        onClick={() => {
          remove.reset()
          setConfirming(true)
        }}
      >
        <UserMinus aria-hidden size={16} />
        <span aria-hidden className="hidden sm:inline">
          {t('sharing.members.remove')}
        </span>
      </Button>
      {change.error ? (
        <FormAlert tone="error" className="basis-full">
          <p>{errorText(change.error)}</p>
          {stale ? (
            <Button variant="secondary" size="sm" className="mt-2" onClick={reload}>
              <RotateCw aria-hidden size={14} />
              {t('groups.form.reload')}
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sharing.members.removeTitle', { name: member.name })}
        description={<p>{t('sharing.members.removeBody', { name: member.name })}</p>}
        confirmLabel={t('sharing.members.remove')}
        pendingLabel={t('sharing.members.removing')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirmRemove}
      />
    </li>
  )
}
