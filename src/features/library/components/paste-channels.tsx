import {
  type CheckCircle2,
  CircleSlash,
  Clock,
  Copy,
  FolderCheck,
  Library,
  PlusCircle,
  SearchX,
} from 'lucide-react'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { Field, Textarea } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import type { AddResult } from '~/features/groups/groups.schemas'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { useAddChannels, useResolveChannels } from '../library.queries'
import {
  PASTE_LINES_MAX,
  RESOLVE_STATUSES,
  type ResolvedLine,
  type ResolveStatus,
} from '../library.schemas'
import { compactNumberFormat, handleText } from './entry-list-model'
import { addableChannelIds, countEntries, pendingInputs, statusCounts } from './resolve-model'

const STATUS: Record<
  ResolveStatus,
  { label: MessageKey; inGroupLabel?: MessageKey; icon: typeof CheckCircle2; tone: string }
> = {
  new: {
    label: 'library.resolve.status.new',
    icon: PlusCircle,
    tone: 'text-green-800 bg-green-50 dark:text-green-200 dark:bg-green-950',
  },
  inLibrary: {
    label: 'library.resolve.status.inLibrary',
    inGroupLabel: 'library.resolve.status.inLibraryToGroup',
    icon: Library,
    tone: 'text-blue-800 bg-blue-50 dark:text-blue-200 dark:bg-blue-950',
  },
  inGroup: {
    label: 'library.resolve.status.inGroup',
    icon: FolderCheck,
    tone: 'text-zinc-700 bg-zinc-100 dark:text-zinc-200 dark:bg-zinc-800',
  },
  notFound: {
    label: 'library.resolve.status.notFound',
    icon: SearchX,
    tone: 'text-red-800 bg-red-50 dark:text-red-200 dark:bg-red-950',
  },
  notChannel: {
    label: 'library.resolve.status.notChannel',
    icon: CircleSlash,
    tone: 'text-amber-900 bg-amber-50 dark:text-amber-200 dark:bg-amber-950',
  },
  pending: {
    label: 'library.resolve.status.pending',
    icon: Clock,
    tone: 'text-amber-900 bg-amber-50 dark:text-amber-200 dark:bg-amber-950',
  },
  videoNotFound: {
    label: 'library.resolve.status.videoNotFound',
    icon: SearchX,
    tone: 'text-red-800 bg-red-50 dark:text-red-200 dark:bg-red-950',
  },
  duplicate: {
    label: 'library.resolve.status.duplicate',
    icon: Copy,
    tone: 'text-zinc-700 bg-zinc-100 dark:text-zinc-200 dark:bg-zinc-800',
  },
}

function addedToast(
  t: ReturnType<typeof useI18n>['t'],
  plural: ReturnType<typeof usePlural>,
  result: AddResult,
  groupName: string | null,
) {
  const added = groupName
    ? plural(
        { one: 'library.add.addedToGroup.one', other: 'library.add.addedToGroup.other' },
        result.added,
        { group: groupName },
      )
    : plural({ one: 'library.add.added.one', other: 'library.add.added.other' }, result.added)
  const already =
    result.alreadyThere > 0
      ? ` ${plural(
          { one: 'library.add.alreadyThere.one', other: 'library.add.alreadyThere.other' },
          result.alreadyThere,
        )}`
      : ''
  const pending = result.pending ? ` ${t('library.add.pending', { count: result.pending })}` : ''
  if (result.added === 0 && !result.pending) toast.info(t('library.add.nothingAdded') + already)
  else toast.success(added + already + pending)
}

/** Step 1 resolves every pasted line and shows what adding would do; step 2 adds. */
export function PasteChannels(props: {
  groupId: string | null
  groupName: string | null
  onAdded: (result: AddResult) => void
}) {
  const { t, locale } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const resultsId = useId()
  const resolve = useResolveChannels()
  const add = useAddChannels()
  const [text, setText] = useState('')
  const [checked, setChecked] = useState<{ text: string; lines: ResolvedLine[] } | null>(null)
  const [tooMany, setTooMany] = useState(false)
  const compact = useMemo(() => compactNumberFormat(LOCALE_TAGS[locale]), [locale])
  const inGroup = props.groupId !== null
  const outdated = checked !== null && checked.text !== text
  const channelIds = checked ? addableChannelIds(checked.lines, inGroup) : []
  const pending = checked ? pendingInputs(checked.lines) : []
  const counts = checked ? statusCounts(checked.lines) : null

  const onCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const entries = countEntries(text)
    setTooMany(entries > PASTE_LINES_MAX)
    if (entries === 0 || entries > PASTE_LINES_MAX) return
    const sent = text
    resolve.mutate(
      { text: sent, groupId: props.groupId },
      { onSuccess: (lines) => setChecked({ text: sent, lines }) },
    )
  }

  const onAdd = () => {
    if (channelIds.length + pending.length === 0) return
    add.mutate(
      { channelIds, pending, groupId: props.groupId },
      {
        onSuccess: (result) => {
          addedToast(t, plural, result, props.groupName)
          setText('')
          setChecked(null)
          props.onAdded(result)
        },
      },
    )
  }

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onCheck} className="grid gap-3">
        <Field
          label={t('library.resolve.paste')}
          hint={t('library.resolve.pasteHint', { max: PASTE_LINES_MAX })}
          error={tooMany ? t('library.resolve.tooManyLines', { max: PASTE_LINES_MAX }) : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              name="text"
              value={text}
              rows={6}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              placeholder={
                'https://www.youtube.com/@mkbhd\n@LinusTechTips\nUCBJycsmduvYEL83R_U4JriQ'
              }
              onChange={(event) => setText(event.target.value)}
              className="font-mono"
            />
          )}
        </Field>
        {resolve.error ? <FormAlert tone="error">{errorText(resolve.error)}</FormAlert> : null}
        <Button
          type="submit"
          variant={checked && !outdated ? 'secondary' : 'primary'}
          disabled={resolve.isPending || text.trim() === ''}
          className="justify-self-start"
        >
          {resolve.isPending ? t('library.resolve.checking') : t('library.resolve.check')}
        </Button>
      </form>

      {checked ? (
        <section aria-labelledby={`${resultsId}-title`} className="grid gap-3">
          <h2 id={`${resultsId}-title`} className="font-semibold">
            {t('library.resolve.results')}
          </h2>
          {counts ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {RESOLVE_STATUSES.filter((status) => counts[status] > 0)
                .map((status) => `${t(statusLabel(status, inGroup))}: ${counts[status]}`)
                .join(' · ')}
            </p>
          ) : null}
          {outdated ? <FormAlert tone="info">{t('library.resolve.outdated')}</FormAlert> : null}
          <ol
            aria-label={t('library.resolve.results')}
            className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          >
            {checked.lines.map((line) => (
              // A line of several channels gives several rows: the line alone is no key.
              <ResolvedLineItem
                key={`${line.line}:${line.status}:${line.input}`}
                line={line}
                inGroup={inGroup}
                compact={compact}
              />
            ))}
          </ol>
          {add.error ? (
            <FormAlert tone="error">
              <p>{errorText(add.error)}</p>
              <UpgradeLink error={add.error} />
            </FormAlert>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={onAdd}
              disabled={add.isPending || outdated || channelIds.length + pending.length === 0}
            >
              {plural(
                { one: 'library.resolve.add.one', other: 'library.resolve.add.other' },
                channelIds.length + pending.length,
              )}
            </Button>
            {pending.length > 0 ? (
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {t('library.resolve.pendingNote', { count: pending.length })}
              </p>
            ) : null}
            {channelIds.length + pending.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('library.resolve.nothingToAdd')}
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  )
}

function statusLabel(status: ResolveStatus, inGroup: boolean): MessageKey {
  const meta = STATUS[status]
  return inGroup && meta.inGroupLabel ? meta.inGroupLabel : meta.label
}

function ResolvedLineItem(props: {
  line: ResolvedLine
  inGroup: boolean
  compact: Intl.NumberFormat
}) {
  const { t } = useI18n()
  const { line } = props
  const meta = STATUS[line.status]
  const channel = line.channel
  const subscribers =
    channel && !channel.hiddenSubscriberCount && channel.subscriberCount !== null
      ? t('library.resolve.subscribers', { count: props.compact.format(channel.subscriberCount) })
      : null
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
      <span className="w-8 shrink-0 text-right text-xs text-zinc-500 tabular-nums">
        <span className="sr-only">{t('library.resolve.line')} </span>
        {line.line}
      </span>
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        {channel ? (
          <>
            <EntryAvatar
              id={channel.id}
              title={channel.title}
              imageUrl={channel.avatarUrl}
              kind="channel"
            />
            <div className="grid min-w-0">
              <span className="truncate font-medium">{channel.title}</span>
              <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                {[channel.handle ? handleText(channel.handle) : channel.id, subscribers]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
          </>
        ) : (
          <code className="truncate font-mono text-xs text-zinc-700 dark:text-zinc-300">
            {line.input}
          </code>
        )}
      </div>
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
          meta.tone,
        )}
      >
        <meta.icon aria-hidden size={14} />
        {t(statusLabel(line.status, props.inGroup))}
      </span>
    </li>
  )
}
