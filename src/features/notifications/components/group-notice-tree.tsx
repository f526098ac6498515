import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { UPLOAD_NOTICES, type UploadNotice } from '~/db/enums'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { useErrorText } from '~/lib/use-error-text'
import {
  pushSetupQuery,
  useSavePushSubscription,
  useSetGroupNotice,
} from '../notifications.queries'
import type { GroupNoticeRow } from '../notifications.schemas'
import { subscribeToPush } from './browser-push'

const UPLOAD_LABELS = {
  off: 'notify.uploads.off',
  daily: 'notify.uploads.daily',
  weekly: 'notify.uploads.weekly',
  push: 'notify.uploads.push',
} as const satisfies Record<UploadNotice, MessageKey>

const PUSH_REFUSALS = {
  denied: 'notify.push.denied',
  unsupported: 'notify.push.unsupported',
  failed: 'notify.push.failed',
} as const satisfies Record<string, MessageKey>

type Own = NonNullable<GroupNoticeRow['own']>
const OFF: Own = { uploads: 'off', includeShorts: true, includeLive: true }

/** The choice a group follows: its own, else its nearest ancestor's, else off. */
function effectiveOf(row: GroupNoticeRow, byId: Map<string, GroupNoticeRow>): Own {
  let current: GroupNoticeRow | undefined = row
  for (let hops = 0; current && hops < 64; hops += 1) {
    if (current.own) return current.own
    current = current.parentId ? byId.get(current.parentId) : undefined
  }
  return OFF
}

/** Choosing push in a browser without a subscription asks for permission then, never before. */
export function GroupNoticeTree({ groups }: { groups: GroupNoticeRow[] }) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const setNotice = useSetGroupNotice()
  const saveSubscription = useSavePushSubscription()
  const [refusal, setRefusal] = useState<keyof typeof PUSH_REFUSALS | null>(null)
  const byId = new Map(groups.map((row) => [row.id, row]))
  const children = new Map<string | null, GroupNoticeRow[]>()
  for (const row of groups) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row])

  /** (Re)saves the subscription, so a browser the server pruned comes back. False leaves the previous choice. */
  async function readyForPush(): Promise<boolean> {
    const setup = await queryClient.fetchQuery(pushSetupQuery())
    const result = await subscribeToPush(setup.publicKey)
    if (result.status !== 'subscribed') {
      setRefusal(result.status)
      return false
    }
    await saveSubscription.mutateAsync(result.subscription)
    return true
  }

  async function choose(row: GroupNoticeRow, own: Own) {
    setRefusal(null)
    if (own.uploads === 'push' && !(await readyForPush())) return
    setNotice.mutate({ groupId: row.id, inherit: false, ...own })
  }

  function renderRow(row: GroupNoticeRow) {
    const parent = row.parentId ? byId.get(row.parentId) : undefined
    const effective = effectiveOf(row, byId)
    const nested = children.get(row.id) ?? []
    return (
      <li key={row.id} className="grid gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
          <span className="min-w-32 flex-1 font-medium break-words">
            {row.name}
            {row.shared && !parent ? (
              <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-normal text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                {t('notify.uploads.shared')}
              </span>
            ) : null}
          </span>
          {row.own || !parent ? (
            <select
              aria-label={t('notify.uploads.choice', { name: row.name })}
              value={effective.uploads}
              onChange={(event) => {
                const uploads = UPLOAD_NOTICES.find((notice) => notice === event.target.value)
                if (uploads) void choose(row, { ...effective, uploads })
              }}
              className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            >
              {UPLOAD_NOTICES.map((value) => (
                <option key={value} value={value}>
                  {t(UPLOAD_LABELS[value])}
                </option>
              ))}
            </select>
          ) : (
            <span className="text-sm text-zinc-700 dark:text-zinc-300">
              {t('notify.uploads.inherits', { parent: parent.name })} ·{' '}
              {t(UPLOAD_LABELS[effective.uploads])}
            </span>
          )}
          {parent ? (
            row.own ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setNotice.mutate({ groupId: row.id, inherit: true })}
              >
                {t('notify.uploads.inherit', { parent: parent.name })}
              </Button>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setNotice.mutate({ groupId: row.id, inherit: false, ...effective })}
              >
                {t('notify.uploads.setOwn')}
              </Button>
            )
          ) : null}
          {row.own && row.own.uploads !== 'off' ? (
            <div className="flex w-full flex-wrap gap-x-4 gap-y-1 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={!row.own.includeShorts}
                  onChange={(event) =>
                    void choose(row, { ...effective, includeShorts: !event.target.checked })
                  }
                />
                {t('notify.uploads.leaveShorts')}
              </label>
            </div>
          ) : null}
        </div>
        {nested.length > 0 ? (
          <ul className="grid gap-2 border-l border-zinc-200 pl-2 sm:pl-4 dark:border-zinc-800">
            {nested.map(renderRow)}
          </ul>
        ) : null}
      </li>
    )
  }

  const roots = children.get(null) ?? []
  return (
    <div className="grid gap-3">
      {refusal ? <FormAlert tone="error">{t(PUSH_REFUSALS[refusal])}</FormAlert> : null}
      {setNotice.isError ? <FormAlert tone="error">{errorText(setNotice.error)}</FormAlert> : null}
      {saveSubscription.isError ? (
        <FormAlert tone="error">{errorText(saveSubscription.error)}</FormAlert>
      ) : null}
      {roots.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('notify.uploads.empty')}</p>
      ) : (
        <ul className="grid gap-2">{roots.map(renderRow)}</ul>
      )}
      {/* No switch for live streams: nothing we fetch tells them from uploads (decision 0065). */}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('notify.uploads.liveNote')}</p>
    </div>
  )
}
