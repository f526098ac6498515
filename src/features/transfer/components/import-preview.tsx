import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Check, X } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button } from '~/components/ui/button'
import { ChoiceGroup } from '~/components/ui/choice-group'
import { FormAlert } from '~/components/ui/form-alert'
import { formatName } from '~/config/formats'
import { GroupIcon } from '~/features/groups/components/group-icon'
import { GroupPicker } from '~/features/groups/components/group-picker'
import { AppError, PLAN_LIMIT_ERRORS } from '~/lib/app-error'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { NO_EXCLUSIONS, selection } from '../import-selection'
import {
  importContentsQuery,
  importPreviewQuery,
  useCancelImport,
  useStartImport,
} from '../transfer.queries'
import type {
  ImportExclusions,
  ImportOptions,
  ImportPreview,
  ImportPreviewGroup,
  ImportStatus,
} from '../transfer.schemas'
import { ImportContentsList, useConfirmLabel } from './import-contents'
import { sortedExclusions } from './import-contents-model'
import {
  countOutcomes,
  flattenPreviewGroups,
  groupOutcome,
  OUTCOME_MESSAGES,
  PROBLEM_MESSAGES,
  problemPlace,
} from './import-export-model'

/** Long files stay readable: the first rows are shown, the rest counted. */
const MAX_GROUP_ROWS = 300
const MAX_PROBLEM_ROWS = 200

export type ImportDraft = { importId: string; options: ImportOptions }

/** Each change of option asks the server again. */
export function ImportPreviewPanel(props: {
  draft: ImportDraft
  onOptionsChange: (options: ImportOptions) => void
  onStarted: (status: ImportStatus) => void
  onClosed: () => void
}) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { importId, options } = props.draft
  const preview = useQuery({
    ...importPreviewQuery(importId, options),
    placeholderData: keepPreviousData,
  })
  const contents = useQuery(importContentsQuery(importId))
  const [exclusions, setExclusions] = useState<ImportExclusions>(NO_EXCLUSIONS)
  const kept = useMemo(
    () => (contents.data ? selection(contents.data, exclusions) : null),
    [contents.data, exclusions],
  )
  const confirmLabel = useConfirmLabel()
  const start = useStartImport()
  const cancel = useCancelImport()

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const close = () => {
    cancel.mutate(importId)
    props.onClosed()
  }

  const updating = preview.isFetching
  const data = preview.data

  return (
    <section aria-labelledby="import-preview-title" className="grid gap-6">
      <h2
        id="import-preview-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight"
      >
        {t('transfer.preview.title')}
      </h2>
      {data ? null : preview.error ? (
        <div className="grid justify-items-start gap-3">
          <FormAlert tone="error">{errorText(preview.error)}</FormAlert>
          <Button variant="secondary" onClick={props.onClosed}>
            {t('transfer.preview.startOver')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('transfer.preview.updating')}
        </p>
      )}
      {data ? (
        <>
          <PreviewSummary preview={data} sameNames={options.sameNames} />
          {data.limits.length > 0 ? (
            <FormAlert tone="error">
              {data.limits.map((breach) => (
                <p key={breach.limit}>
                  {errorText(new AppError(PLAN_LIMIT_ERRORS[breach.limit], { max: breach.max }))}
                </p>
              ))}
              <UpgradeLink error={new AppError(PLAN_LIMIT_ERRORS.groups)} />
            </FormAlert>
          ) : null}
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className={cn('grid gap-6 transition-opacity', updating && 'opacity-60')}>
              <PreviewTree preview={data} sameNames={options.sameNames} />
              {contents.data && kept ? (
                <ImportContentsList
                  contents={contents.data}
                  exclusions={exclusions}
                  kept={kept}
                  onChange={setExclusions}
                  disabled={start.isPending}
                />
              ) : contents.isPending ? (
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {t('transfer.contents.loading')}
                </p>
              ) : null}
              {data.problems.length > 0 ? <PreviewProblems preview={data} /> : null}
            </div>
            <PreviewOptions
              options={options}
              onChange={props.onOptionsChange}
              disabled={start.isPending}
            />
          </div>
          <p aria-live="polite" className="sr-only">
            {updating ? t('transfer.preview.updating') : ''}
          </p>
          {preview.error ? <FormAlert tone="error">{errorText(preview.error)}</FormAlert> : null}
          {start.error ? (
            <FormAlert tone="error">
              <p>{errorText(start.error)}</p>
              <UpgradeLink error={start.error} />
            </FormAlert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              disabled={
                updating ||
                start.isPending ||
                preview.isPlaceholderData ||
                contents.isPending ||
                // Past a plan limit as the file stands: unticking may bring it within (the server checks).
                (data.limits.length > 0 && exclusions === NO_EXCLUSIONS) ||
                (kept !== null && kept.channels + kept.animes + kept.groups === 0)
              }
              onClick={() =>
                start.mutate(
                  {
                    importId,
                    options,
                    // A list that failed to load cannot have been unticked: everything comes.
                    exclusions: kept ? sortedExclusions(exclusions) : NO_EXCLUSIONS,
                  },
                  { onSuccess: props.onStarted },
                )
              }
            >
              <Check aria-hidden size={16} />
              {start.isPending
                ? t('transfer.preview.confirmBusy')
                : kept
                  ? confirmLabel(kept)
                  : t('transfer.preview.confirm')}
            </Button>
            <Button variant="secondary" disabled={start.isPending} onClick={close}>
              <X aria-hidden size={16} />
              {t('transfer.preview.cancel')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  )
}

function PreviewSummary(props: { preview: ImportPreview; sameNames: ImportOptions['sameNames'] }) {
  const { t, formatNumber } = useI18n()
  const { preview } = props
  const outcomes = useMemo(
    () => countOutcomes(preview.groups, props.sameNames),
    [preview.groups, props.sameNames],
  )
  const format = formatName(preview.format, t('transfer.format.plain'))
  const stat = 'grid gap-0.5 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800'
  const label = 'text-xs text-zinc-600 dark:text-zinc-400'
  const value = 'text-2xl font-bold tabular-nums'
  return (
    <div className="grid gap-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('transfer.preview.format', { format })}
        {preview.fileName ? ` · ${preview.fileName}` : null}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <div className={stat}>
          <dt className={label}>{t('transfer.preview.count.groupsNew')}</dt>
          <dd className={value}>{formatNumber(outcomes.created)}</dd>
        </div>
        <div className={stat}>
          <dt className={label}>{t('transfer.preview.count.groupsMerged')}</dt>
          <dd className={value}>{formatNumber(outcomes.merged)}</dd>
        </div>
        <div className={stat}>
          <dt className={label}>{t('transfer.preview.count.channelsNew')}</dt>
          <dd className={value}>{formatNumber(preview.channels.new)}</dd>
        </div>
        <div className={stat}>
          <dt className={label}>{t('transfer.preview.count.channelsInLibrary')}</dt>
          <dd className={value}>{formatNumber(preview.channels.inLibrary)}</dd>
        </div>
        <div className={stat}>
          <dt className={label}>{t('transfer.preview.count.channelsToResolve')}</dt>
          <dd className={value}>{formatNumber(preview.channels.toResolve)}</dd>
        </div>
        <div className={stat}>
          <dt className={label}>{t('transfer.preview.count.animes')}</dt>
          <dd className={value}>
            {formatNumber(preview.animes.total)}
            {preview.animes.total > 0 ? (
              <span className="ml-1 text-xs font-normal text-zinc-600 dark:text-zinc-400">
                {t('transfer.preview.count.animesSplit', {
                  new: formatNumber(preview.animes.new),
                  inLibrary: formatNumber(preview.animes.inLibrary),
                })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {preview.channels.toResolve > 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('transfer.preview.resolveNote', {
            count: formatNumber(preview.channels.toResolve),
          })}{' '}
          {t('transfer.preview.pendingNote')}
        </p>
      ) : null}
    </div>
  )
}

function PreviewTree(props: { preview: ImportPreview; sameNames: ImportOptions['sameNames'] }) {
  const { t, formatNumber } = useI18n()
  const { preview } = props
  const { rows, total } = useMemo(
    () => flattenPreviewGroups(preview.groups, MAX_GROUP_ROWS),
    [preview.groups],
  )
  return (
    <section aria-labelledby="import-groups-title" className="grid gap-3">
      <h3 id="import-groups-title" className="text-lg font-semibold">
        {t('transfer.preview.groups.title')}
      </h3>
      {total === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {preview.options.parentId
            ? t('transfer.preview.groups.noneInto')
            : t('transfer.preview.groups.none')}
        </p>
      ) : (
        <ul className="grid rounded-xl border border-zinc-200 py-1 dark:border-zinc-800">
          {rows.map((row) => (
            <PreviewGroupRow
              key={row.id}
              group={row.group}
              depth={row.depth}
              path={row.path}
              sameNames={props.sameNames}
            />
          ))}
          {total > rows.length ? (
            <li className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400">
              {t('transfer.preview.groups.more', { count: formatNumber(total - rows.length) })}
            </li>
          ) : null}
        </ul>
      )}
    </section>
  )
}

function PreviewGroupRow(props: {
  group: ImportPreviewGroup
  depth: number
  path: string[]
  sameNames: ImportOptions['sameNames']
}) {
  const { t } = useI18n()
  const plural = usePlural()
  const { group } = props
  const outcome = groupOutcome(group, props.sameNames)
  return (
    <li
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 py-1.5 pr-3 text-sm"
      style={{ paddingLeft: 12 + (props.depth - 1) * 20 }}
    >
      <GroupIcon icon={group.icon} color={group.color} size={16} />
      <span className="min-w-0 truncate font-medium">{group.name}</span>
      {props.path.length > 0 ? (
        // The leading space keeps the name and "in Tech" apart for screen readers.
        <span className="sr-only">
          {' '}
          {t('transfer.preview.group.path', { path: props.path.join(' › ') })}
        </span>
      ) : null}
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        {plural(
          { one: 'transfer.preview.group.items.one', other: 'transfer.preview.group.items.other' },
          group.itemCount,
        )}
      </span>
      <span
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-medium',
          outcome === 'merge'
            ? 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
            : outcome === 'copy'
              ? 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'
              : 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
        )}
      >
        {t(OUTCOME_MESSAGES[outcome])}
      </span>
    </li>
  )
}

function PreviewProblems(props: { preview: ImportPreview }) {
  const { t, formatNumber } = useI18n()
  const { problems, format } = props.preview
  const shown = problems.slice(0, MAX_PROBLEM_ROWS)
  return (
    <section aria-labelledby="import-problems-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="import-problems-title" className="text-lg font-semibold">
          {t('transfer.preview.problems.title', { count: formatNumber(problems.length) })}
        </h3>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('transfer.preview.problems.hint')}
        </p>
      </div>
      <ol className="grid max-h-96 gap-1 overflow-y-auto rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
        {shown.map((problem, index) => {
          const place = problemPlace(problem, format)
          return (
            // Problems have no id; their order in the file is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="grid gap-0.5 sm:flex sm:flex-wrap sm:gap-x-2">
              <span>
                <span className="font-medium">
                  {t(place.key, { ...place.params, line: formatNumber(problem.line ?? 0) })}
                </span>
                {': '}
                {t(PROBLEM_MESSAGES[problem.code])}
              </span>
              {problem.input ? (
                <code
                  title={problem.input}
                  className="min-w-0 truncate rounded bg-zinc-100 px-1.5 font-mono text-xs leading-5 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
                >
                  {problem.input}
                </code>
              ) : null}
            </li>
          )
        })}
        {problems.length > shown.length ? (
          <li className="text-zinc-600 dark:text-zinc-400">
            {t('transfer.preview.problems.more', {
              count: formatNumber(problems.length - shown.length),
            })}
          </li>
        ) : null}
      </ol>
    </section>
  )
}

function PreviewOptions(props: {
  options: ImportOptions
  onChange: (options: ImportOptions) => void
  disabled: boolean
}) {
  const { t } = useI18n()
  const { options } = props
  return (
    <section
      aria-labelledby="import-options-title"
      className="grid gap-5 rounded-2xl border border-zinc-200 p-4 lg:sticky lg:top-4 dark:border-zinc-800"
    >
      <h3 id="import-options-title" className="text-lg font-semibold">
        {t('transfer.options.title')}
      </h3>
      <div className="grid gap-2">
        <p className="text-sm font-medium" aria-hidden>
          {t('transfer.options.destination')}
        </p>
        <GroupPicker
          mode="single"
          label={t('transfer.options.destination')}
          topLevelLabel={t('transfer.options.topLevel')}
          value={options.parentId}
          onChange={(parentId) => {
            if (!props.disabled) props.onChange({ ...options, parentId })
          }}
          height={240}
        />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('transfer.options.destinationHint')}
        </p>
      </div>
      <ChoiceGroup
        label={t('transfer.options.sameNames')}
        value={options.sameNames}
        choices={[
          { value: 'merge', label: t('transfer.options.merge') },
          { value: 'new', label: t('transfer.options.new') },
        ]}
        onChange={(sameNames) => {
          if (!props.disabled) props.onChange({ ...options, sameNames })
        }}
      />
    </section>
  )
}
