import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowRight, UsersRound } from 'lucide-react'
import { toast } from 'sonner'
import { Button, buttonClassName } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import type { PublicSharingLoad } from '../public-sharing-load'
import { sharePreviewQuery, useJoinShareLink } from '../sharing.queries'
import type { SharePermission, SharePreview } from '../sharing.schemas'
import { PERMISSION_ALLOWS, ROLE_LABELS } from './share-labels'
import {
  GuestLinks,
  PublicSharingMain,
  SharedGroupPreview,
  SharingNotice,
} from './shared-group-preview'

type ShareLinkPageProps = {
  linkId: string
  permission: SharePermission
  state: PublicSharingLoad<unknown>['state']
}

/** This page's own path, where sign-in and sign-up send the visitor back to. */
function sharePath(linkId: string, permission: SharePermission) {
  return `/share/group/${linkId}/?permission=${permission}`
}

/** Every refusal looks the same: "link not available". */
export function ShareLinkPage(props: ShareLinkPageProps) {
  const { t } = useI18n()
  if (props.state === 'unavailable') {
    return (
      <PublicSharingMain>
        <SharingNotice
          eyebrow={t('sharing.page.eyebrow')}
          title={t('sharing.page.unavailableTitle')}
        >
          <p className="text-zinc-700 dark:text-zinc-300">{t('sharing.error.linkUnavailable')}</p>
          <Link to="/" className={`${buttonClassName('secondary', 'md')} justify-self-start`}>
            {t('sharing.page.home')}
          </Link>
        </SharingNotice>
      </PublicSharingMain>
    )
  }
  if (props.state === 'signIn') {
    return (
      <PublicSharingMain>
        <SharingNotice eyebrow={t('sharing.page.eyebrow')} title={t('sharing.page.signInTitle')}>
          <p className="text-zinc-700 dark:text-zinc-300">{t('sharing.page.signInBody')}</p>
          <GuestLinks redirect={sharePath(props.linkId, props.permission)} />
        </SharingNotice>
      </PublicSharingMain>
    )
  }
  return <ShareLinkPreview linkId={props.linkId} permission={props.permission} />
}

/** Answered with 404: chat apps often cut the query string off, so the holder is told to ask again. */
export function ShareLinkIncomplete() {
  const { t } = useI18n()
  return (
    <PublicSharingMain>
      <SharingNotice eyebrow={t('sharing.page.eyebrow')} title={t('sharing.incomplete.title')}>
        <p className="text-zinc-700 dark:text-zinc-300">{t('sharing.incomplete.body')}</p>
        <p className="text-zinc-700 dark:text-zinc-300">{t('sharing.incomplete.howTo')}</p>
        <Link to="/" className={`${buttonClassName('secondary', 'md')} justify-self-start`}>
          {t('sharing.page.home')}
        </Link>
      </SharingNotice>
    </PublicSharingMain>
  )
}

function ShareLinkPreview(props: { linkId: string; permission: SharePermission }) {
  const { t } = useI18n()
  const { data: preview } = useSuspenseQuery(sharePreviewQuery(props.linkId, props.permission))
  return (
    <PublicSharingMain>
      <SharedGroupPreview
        eyebrow={t('sharing.page.eyebrow')}
        title={preview.group.name}
        subtitle={t('sharing.page.sharedBy', { name: preview.ownerName })}
        group={preview.group}
        items={preview.items}
        subgroups={preview.subgroups}
      >
        <div className="grid gap-4 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-950">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t(PERMISSION_ALLOWS[preview.permission])}
          </p>
          <ShareActions linkId={props.linkId} preview={preview} />
        </div>
      </SharedGroupPreview>
    </PublicSharingMain>
  )
}

function ShareActions(props: { linkId: string; preview: SharePreview }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const join = useJoinShareLink()
  const { preview } = props
  const { viewer } = preview

  if (!viewer) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('sharing.page.guestHint')}</p>
        <GuestLinks redirect={sharePath(props.linkId, preview.permission)} />
      </div>
    )
  }

  const onJoin = () =>
    join.mutate(
      { linkId: props.linkId, permission: preview.permission },
      {
        onSuccess: (result) => {
          toast.success(t('sharing.page.joined', { name: preview.group.name }))
          navigate({ to: '/dashboard/groups/$id/', params: { id: result.groupId } })
        },
      },
    )

  const openLink = viewer.groupId ? (
    <Link
      to="/dashboard/groups/$id/"
      params={{ id: viewer.groupId }}
      className={buttonClassName(viewer.isOwner ? 'primary' : 'secondary')}
    >
      {t('sharing.page.open')}
      <ArrowRight aria-hidden size={16} />
    </Link>
  ) : null

  if (viewer.isOwner) {
    return (
      <div className="grid gap-3">
        <p className="text-sm font-medium">{t('sharing.page.owner')}</p>
        {openLink ? <div>{openLink}</div> : null}
      </div>
    )
  }

  // An edit link still raises a viewer to editor; otherwise members just open the group.
  const canRaise = viewer.role === 'viewer' && preview.permission === 'edit'
  if (viewer.groupId && !canRaise) {
    return (
      <div className="grid gap-3">
        {viewer.role ? (
          <p className="text-sm font-medium">
            {t('sharing.page.member', { role: t(ROLE_LABELS[viewer.role]) })}
          </p>
        ) : null}
        <div>{openLink}</div>
      </div>
    )
  }

  return (
    <div className="grid gap-3">
      {viewer.groupId && viewer.role ? (
        <p className="text-sm font-medium">
          {t('sharing.page.member', { role: t(ROLE_LABELS[viewer.role]) })}
        </p>
      ) : null}
      {join.error ? <FormAlert tone="error">{errorText(join.error)}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onJoin} disabled={join.isPending}>
          <UsersRound aria-hidden size={16} />
          {join.isPending
            ? t('sharing.page.joining')
            : t(canRaise ? 'sharing.page.joinAsEditor' : 'sharing.page.join')}
        </Button>
        {openLink}
      </div>
    </div>
  )
}
