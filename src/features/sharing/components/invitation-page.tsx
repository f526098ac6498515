import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { Button, buttonClassName } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import type { PublicSharingLoad } from '../public-sharing-load'
import { invitationQuery, useAcceptInvitation } from '../sharing.queries'
import type { InvitationPreview } from '../sharing.schemas'
import { ROLE_HINTS, ROLE_LABELS } from './share-labels'
import {
  GuestLinks,
  PublicSharingMain,
  SharedGroupPreview,
  SharingNotice,
} from './shared-group-preview'

type InvitationPageProps = {
  token: string
  state: PublicSharingLoad<unknown>['state']
  /** Signs out so another account can sign in (the auth feature provides it). */
  switchAccount: ReactNode
}

/**
 * `/invitations/{token}/`: who invites to which group with which role, then
 * Accept for the invited address, sign-in links for a guest, or a way to
 * switch accounts. Every refusal looks the same: "invitation not available".
 */
export function InvitationPage(props: InvitationPageProps) {
  const { t } = useI18n()
  if (props.state !== 'ready') {
    return (
      <PublicSharingMain>
        <SharingNotice
          eyebrow={t('sharing.invitation.eyebrow')}
          title={t('sharing.invitation.unavailableTitle')}
        >
          <p className="text-zinc-700 dark:text-zinc-300">
            {t('sharing.error.invitationUnavailable')}
          </p>
          <Link to="/" className={`${buttonClassName('secondary', 'md')} justify-self-start`}>
            {t('sharing.page.home')}
          </Link>
        </SharingNotice>
      </PublicSharingMain>
    )
  }
  return <InvitationPreviewCard token={props.token} switchAccount={props.switchAccount} />
}

function InvitationPreviewCard(props: { token: string; switchAccount: ReactNode }) {
  const { t, formatDate } = useI18n()
  const { data: invitation } = useSuspenseQuery(invitationQuery(props.token))
  const role = t(ROLE_LABELS[invitation.role])
  return (
    <PublicSharingMain>
      <SharedGroupPreview
        eyebrow={t('sharing.invitation.eyebrow')}
        title={t('sharing.invitation.title', {
          owner: invitation.ownerName,
          name: invitation.group.name,
        })}
        subtitle={t('sharing.invitation.role', { role })}
        group={invitation.group}
      >
        <div className="grid gap-4 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-950">
          <ul className="grid gap-1 text-sm text-zinc-700 dark:text-zinc-300">
            <li>{t(ROLE_HINTS[invitation.role])}</li>
            <li>{t('sharing.invitation.sentTo', { email: invitation.email })}</li>
            <li>
              {t('sharing.invitation.validUntil', {
                date: formatDate(new Date(invitation.expiresAt)),
              })}
            </li>
          </ul>
          <InvitationActions
            token={props.token}
            invitation={invitation}
            switchAccount={props.switchAccount}
          />
        </div>
      </SharedGroupPreview>
    </PublicSharingMain>
  )
}

function InvitationActions(props: {
  token: string
  invitation: InvitationPreview
  switchAccount: ReactNode
}) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const accept = useAcceptInvitation()
  const { invitation } = props

  if (!invitation.viewer) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('sharing.invitation.signInHint', { email: invitation.email })}
        </p>
        <GuestLinks
          redirect={`/invitations/${props.token}/`}
          signInLabel={t('sharing.invitation.signIn')}
        />
      </div>
    )
  }

  if (!invitation.viewer.emailMatches) {
    return (
      <div className="grid gap-3">
        <FormAlert tone="info">
          {t('sharing.error.wrongAccount', { email: invitation.email })}
        </FormAlert>
        <div>{props.switchAccount}</div>
      </div>
    )
  }

  const onAccept = () =>
    accept.mutate(
      { token: props.token },
      {
        onSuccess: (result) => {
          toast.success(t('sharing.page.joined', { name: invitation.group.name }))
          navigate({ to: '/dashboard/groups/$id/', params: { id: result.groupId } })
        },
      },
    )

  return (
    <div className="grid gap-3">
      {accept.error ? <FormAlert tone="error">{errorText(accept.error)}</FormAlert> : null}
      <Button onClick={onAccept} disabled={accept.isPending} className="justify-self-start">
        <Check aria-hidden size={16} />
        {accept.isPending ? t('sharing.invitation.accepting') : t('sharing.invitation.accept')}
      </Button>
    </div>
  )
}
