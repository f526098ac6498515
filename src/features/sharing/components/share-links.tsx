import { Copy, Link2, Link2Off } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import { ChoiceGroup } from '~/components/ui/choice-group'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { FormAlert } from '~/components/ui/form-alert'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { useCreateShareLink, useRevokeShareLink } from '../sharing.queries'
import type { ShareLinkDto, SharePermission } from '../sharing.schemas'
import { SHARE_PERMISSIONS } from '../sharing.schemas'
import {
  EXPIRY_CHOICES,
  type ExpiryChoice,
  LINK_STATE_LABELS,
  PERMISSION_LABELS,
  shareLinkUrl,
} from './share-labels'

const EXPIRY_KEYS = ['never', 'day', 'week', 'month'] as const satisfies readonly ExpiryChoice[]

/** Share links: create (permission, expiry), copy, revoke; with their state and use count. */
export function ShareLinks(props: { groupId: string; links: ShareLinkDto[] }) {
  const { t } = useI18n()
  return (
    <CardSection
      id="share-links-title"
      title={t('sharing.links.title')}
      description={t('sharing.links.subtitle')}
    >
      <CreateLinkForm groupId={props.groupId} />
      {props.links.length > 0 ? (
        <ul className="divide-y divide-zinc-200 border-t border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {props.links.map((link) => (
            <LinkRow key={link.id} link={link} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sharing.links.empty')}</p>
      )}
    </CardSection>
  )
}

function CreateLinkForm(props: { groupId: string }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const create = useCreateShareLink()
  const [permission, setPermission] = useState<SharePermission>('view')
  const [expiry, setExpiry] = useState<ExpiryChoice>('never')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    create.mutate(
      { groupId: props.groupId, permission, expiresInDays: EXPIRY_CHOICES[expiry].days },
      { onSuccess: () => toast.success(t('sharing.links.created')) },
    )
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceGroup
          label={t('sharing.links.permission')}
          value={permission}
          onChange={setPermission}
          choices={SHARE_PERMISSIONS.map((value) => ({
            value,
            label: t(PERMISSION_LABELS[value]),
          }))}
        />
        <ChoiceGroup
          label={t('sharing.links.expiry')}
          value={expiry}
          onChange={setExpiry}
          choices={EXPIRY_KEYS.map((value) => ({
            value,
            label: t(EXPIRY_CHOICES[value].label),
          }))}
        />
      </div>
      {create.error ? (
        <FormAlert tone="error">
          <p>{errorText(create.error)}</p>
          <UpgradeLink error={create.error} />
        </FormAlert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        <Link2 aria-hidden size={16} />
        {create.isPending ? t('sharing.links.creating') : t('sharing.links.create')}
      </Button>
    </form>
  )
}

const STATE_BADGE = {
  active: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  expired: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  revoked: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
} as const

function LinkRow(props: { link: ShareLinkDto }) {
  const { t, formatDate } = useI18n()
  const plural = usePlural()
  const revoke = useRevokeShareLink()
  const [confirming, setConfirming] = useState(false)
  const { link } = props
  const created = formatDate(new Date(link.createdAt))
  const permission = t(PERMISSION_LABELS[link.permission])
  const active = link.state === 'active'

  const expiry =
    link.state === 'revoked' && link.revokedAt
      ? t('sharing.links.revokedOn', { date: formatDate(new Date(link.revokedAt)) })
      : link.expiresAt === null
        ? t('sharing.links.noExpiry')
        : t(link.state === 'expired' ? 'sharing.date.expired' : 'sharing.date.expires', {
            date: formatDate(new Date(link.expiresAt)),
          })

  const { token } = link
  const copy = async (secret: string) => {
    const url = shareLinkUrl(window.location.origin, secret, link.permission)
    try {
      await navigator.clipboard.writeText(url)
      toast.success(t('sharing.links.copied'))
    } catch {
      // No clipboard (insecure context, denied permission): show the URL to copy by hand.
      toast.error(t('sharing.links.copyFailed', { url }), { duration: 15_000 })
    }
  }

  const confirmRevoke = () =>
    revoke.mutate(
      { linkId: link.id },
      {
        onSuccess: () => {
          toast.success(t('sharing.links.revoked'))
          setConfirming(false)
        },
      },
    )

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{permission}</span>
          <span
            className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATE_BADGE[link.state])}
          >
            {t(LINK_STATE_LABELS[link.state])}
          </span>
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {[
            t('sharing.links.createdOn', { date: created }),
            expiry,
            plural(
              { one: 'sharing.links.uses.one', other: 'sharing.links.uses.other' },
              link.useCount,
            ),
          ].join(' · ')}
        </p>
        {active && token === null ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {t('sharing.links.copyUnavailable')}
          </p>
        ) : null}
      </div>
      {active ? (
        <div className="flex flex-wrap gap-2">
          {token !== null ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => copy(token)}
              aria-label={t('sharing.links.copyLabel', { permission, date: created })}
            >
              <Copy aria-hidden size={16} />
              <span aria-hidden>{t('sharing.links.copy')}</span>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              revoke.reset()
              setConfirming(true)
            }}
            aria-label={t('sharing.links.revokeLabel', { permission, date: created })}
          >
            <Link2Off aria-hidden size={16} />
            <span aria-hidden>{t('sharing.links.revoke')}</span>
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sharing.links.revokeTitle')}
        description={<p>{t('sharing.links.revokeBody')}</p>}
        confirmLabel={t('sharing.links.revoke')}
        pendingLabel={t('sharing.links.revoking')}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={confirmRevoke}
      />
    </li>
  )
}
