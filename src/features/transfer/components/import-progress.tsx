import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2, FolderTree, Loader2 } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button, buttonClassName } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { formatName } from '~/config/formats'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import {
  followImport,
  importStatusQuery,
  useCancelImport,
  useRetryPendingLookups,
} from '../transfer.queries'
import type { ImportResult, ImportStatus } from '../transfer.schemas'
import {
  importProgress,
  isImportRunning,
  PROBLEM_MESSAGES,
  pendingReasonKey,
} from './import-export-model'

/**
 * One import after confirmation: its progress while it runs (polled; it
 * carries on if the user leaves or reloads), then what it did.
 */
export function ImportProgressCard(props: {
  importId: string
  /** The status from the list of imports, shown until the first poll answers. */
  initial?: ImportStatus
  autoFocus?: boolean
  onDismiss: () => void
}) {
  const { t, translateKey } = useI18n()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const titleId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const status = useQuery({ ...importStatusQuery(props.importId), initialData: props.initial })
  const cancel = useCancelImport()
  const data = status.data
  const running = data ? isImportRunning(data.state) : false

  useEffect(() => {
    if (props.autoFocus) headingRef.current?.focus()
  }, [props.autoFocus])

  // Keeps watching after this card unmounts, so the groups refresh when it ends.
  useEffect(() => {
    if (running) void followImport(queryClient, props.importId)
  }, [running, queryClient, props.importId])

  const name = data ? (data.fileName ?? formatName(data.format, t('transfer.format.plain'))) : ''
  const heading = !data
    ? t('transfer.progress.loading')
    : data.state === 'done'
      ? t('transfer.done.title')
      : data.state === 'failed'
        ? t('transfer.failed.title')
        : data.state === 'cancelled'
          ? t('transfer.cancelled.title')
          : t('transfer.progress.title', { name })

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
    >
      <div className="grid gap-1">
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-xl font-semibold"
        >
          {data?.state === 'done' ? (
            <CheckCircle2 aria-hidden size={20} className="text-green-700 dark:text-green-400" />
          ) : running ? (
            <Loader2
              aria-hidden
              size={20}
              className="animate-spin text-primary motion-reduce:animate-none"
            />
          ) : null}
          {heading}
        </h2>
        {data && !running ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{name}</p>
        ) : null}
      </div>
      {!data ? (
        status.error ? (
          <FormAlert tone="error">{errorText(status.error)}</FormAlert>
        ) : null
      ) : running ? (
        <RunningImport status={data} titleId={titleId} />
      ) : data.state === 'done' && data.result ? (
        <ImportSummary result={data.result} status={data} />
      ) : data.state === 'failed' ? (
        <FormAlert tone="error">
          <p>{translateKey(data.error ?? 'errors.internal', data.errorParams)}</p>
          <UpgradeLink messageKey={data.error} />
        </FormAlert>
      ) : data.state === 'cancelled' ? (
        <FormAlert tone="info">{t('transfer.cancelled.body')}</FormAlert>
      ) : null}
      {cancel.error ? <FormAlert tone="error">{errorText(cancel.error)}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        {data?.state === 'done' ? (
          <Link to="/dashboard/groups/" className={buttonClassName('primary')}>
            <FolderTree aria-hidden size={16} />
            {t('transfer.done.openGroups')}
          </Link>
        ) : null}
        {/* The server stops an import only before its job picks it up. */}
        {data?.state === 'queued' ? (
          <Button
            variant="secondary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(props.importId)}
          >
            {t('transfer.progress.stop')}
          </Button>
        ) : null}
        {!running ? (
          <Button variant="secondary" onClick={props.onDismiss}>
            {t('transfer.done.dismiss')}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

function RunningImport(props: { status: ImportStatus; titleId: string }) {
  const { t, formatNumber } = useI18n()
  const progress = importProgress(props.status)
  const params = Object.fromEntries(
    Object.entries(progress.params).map(([key, value]) => [
      key,
      typeof value === 'number' ? formatNumber(value) : value,
    ]),
  )
  const text = t(progress.key, params)
  const percent = Math.round((progress.value / progress.max) * 100)
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-labelledby={props.titleId}
        aria-valuemin={0}
        aria-valuemax={progress.max}
        aria-valuenow={progress.value}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm font-medium tabular-nums">{text}</p>
      {/* The phase is announced once, not every count. */}
      <p aria-live="polite" className="sr-only">
        {t(
          progress.key === 'transfer.progress.resolving'
            ? 'transfer.progress.resolvingPhase'
            : progress.key,
          params,
        )}
      </p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('transfer.progress.leave')}</p>
    </div>
  )
}

/** Look-ups YouTube could not answer: how many, why, how many are left, and "look up again". */
function PendingLookups(props: { result: ImportResult; status: ImportStatus }) {
  const { t, translateKey, formatNumber } = useI18n()
  const errorText = useErrorText()
  const retry = useRetryPendingLookups(props.status.importId)
  const left = props.status.pendingLeft
  if (props.result.pending === 0) return null
  if (left === 0) {
    return (
      <FormAlert tone="success">
        {t('transfer.done.pending.filled', { count: formatNumber(props.result.pending) })}
      </FormAlert>
    )
  }
  return (
    <div className="grid gap-2" data-testid="import-pending">
      <FormAlert tone="info">
        <span className="font-semibold">
          {t('transfer.done.pending.count', { count: formatNumber(left) })}
        </span>{' '}
        — {translateKey(pendingReasonKey(props.result.pendingReason))}
      </FormAlert>
      <div>
        <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate()}>
          {t('transfer.done.pending.retry')}
        </Button>
      </div>
      {retry.error ? <FormAlert tone="error">{errorText(retry.error)}</FormAlert> : null}
    </div>
  )
}

function ImportSummary(props: { result: ImportResult; status: ImportStatus }) {
  const { t, formatNumber } = useI18n()
  const { result } = props
  const stats = [
    { label: t('transfer.done.lookedUp'), value: result.lookedUp },
    { label: t('transfer.done.groupsCreated'), value: result.groupsCreated },
    { label: t('transfer.done.groupsMerged'), value: result.groupsMerged },
    { label: t('transfer.done.channelsAdded'), value: result.channelsAdded },
    { label: t('transfer.done.animesAdded'), value: result.animesAdded },
    { label: t('transfer.done.itemsPlaced'), value: result.itemsPlaced },
  ]
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        {t('transfer.done.title')}
      </p>
      <PendingLookups result={result} status={props.status} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="grid gap-0.5 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
          >
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{stat.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatNumber(stat.value)}</dd>
          </div>
        ))}
      </dl>
      {result.notFound.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-base font-semibold">
            {t('transfer.done.notFound', { count: formatNumber(result.notFound.length) })}
          </h3>
          <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
            {result.notFound.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed
              <li key={index} className="flex flex-wrap gap-x-2">
                {problem.line !== null ? (
                  <span className="font-medium">
                    {t('transfer.problem.line', { line: formatNumber(problem.line) })}
                  </span>
                ) : null}
                <code
                  title={problem.input}
                  className="min-w-0 truncate font-mono text-xs leading-5"
                >
                  {problem.input}
                </code>
                {problem.code === 'videoNotFound' ? (
                  <span>{t(PROBLEM_MESSAGES.videoNotFound)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

/** The last finished imports, so a result is still there after a reload. */
export function RecentImports(props: { imports: ImportStatus[] }) {
  const { t, formatNumber, formatDate } = useI18n()
  if (props.imports.length === 0) return null
  return (
    <section aria-labelledby="recent-imports-title" className="grid gap-3">
      <h2 id="recent-imports-title" className="text-lg font-semibold">
        {t('transfer.recent.title')}
      </h2>
      <ul className="grid gap-2">
        {props.imports.map((item) => (
          <li
            key={item.importId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-zinc-100 pb-2 text-sm dark:border-zinc-800"
          >
            <span className="min-w-0">
              <span className="font-medium">
                {item.fileName ?? formatName(item.format, t('transfer.format.plain'))}
              </span>
              {' · '}
              {item.state === 'done'
                ? item.result
                  ? t('transfer.recent.done', {
                      groups: formatNumber(item.result.groupsCreated + item.result.groupsMerged),
                      channels: formatNumber(item.result.channelsAdded),
                    })
                  : t('transfer.done.title')
                : item.state === 'failed'
                  ? t('transfer.recent.failed')
                  : t('transfer.recent.cancelled')}
            </span>
            <time dateTime={item.createdAt} className="text-xs text-zinc-600 dark:text-zinc-400">
              {formatDate(new Date(item.createdAt))}
            </time>
          </li>
        ))}
      </ul>
    </section>
  )
}
