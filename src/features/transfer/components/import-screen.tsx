import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { importsQuery } from '../transfer.queries'
import type { ConnectError } from '../youtube-connect.schemas'
import { isImportRunning, recentImports } from './import-export-model'
import { type ImportDraft, ImportPreviewPanel } from './import-preview'
import { ImportProgressCard, RecentImports } from './import-progress'
import { ImportSource } from './import-source'

type Followed = { importId: string; startedHere: boolean }

/**
 * `/dashboard/import/`: a file or pasted text → a preview with options →
 * confirm → progress and summary. Imports still running when the page opens
 * (after a reload, or from another visit) are shown again.
 */
export function ImportScreen(props: {
  parentId?: string
  importId?: string
  connectError?: ConnectError
}) {
  const { t } = useI18n()
  const { data: tree } = useSuspenseQuery(groupTreeQuery())
  const { data: imports } = useSuspenseQuery(importsQuery())
  const prefilledParent =
    props.parentId && tree.groups.some((group) => group.id === props.parentId)
      ? props.parentId
      : null
  const [followed, setFollowed] = useState<Followed[]>(() =>
    imports
      .filter((item) => isImportRunning(item.state))
      .map((item) => ({ importId: item.importId, startedHere: false })),
  )
  // Connect YouTube comes back with `?importId=` (its preview) or `?connectError=`.
  const navigate = useNavigate()
  const [connectError] = useState(() => props.connectError ?? null)
  const [draft, setDraft] = useState<ImportDraft | null>(() =>
    props.importId
      ? { importId: props.importId, options: { parentId: prefilledParent, sameNames: 'merge' } }
      : null,
  )
  // Read once, then dropped from the address so a reload does not reopen a closed preview.
  const arrived = Boolean(props.importId || props.connectError)
  useEffect(() => {
    if (arrived) {
      void navigate({
        to: '/dashboard/import/',
        search: props.parentId ? { parentId: props.parentId } : {},
        replace: true,
      })
    }
  }, [arrived, navigate, props.parentId])
  // Focus goes back to the source only after a preview was closed, never on first paint.
  const [returned, setReturned] = useState(false)

  const shown = useMemo(() => new Set(followed.map((item) => item.importId)), [followed])
  const recent = useMemo(() => recentImports(imports, shown), [imports, shown])

  return (
    <div className="mx-auto grid max-w-5xl gap-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('transfer.import.title')}</h1>
        <p className="max-w-prose text-zinc-700 dark:text-zinc-300">
          {t('transfer.import.subtitle')}
        </p>
      </header>
      {followed.map((item) => (
        <ImportProgressCard
          key={item.importId}
          importId={item.importId}
          initial={imports.find((candidate) => candidate.importId === item.importId)}
          autoFocus={item.startedHere}
          onDismiss={() =>
            setFollowed((current) =>
              current.filter((candidate) => candidate.importId !== item.importId),
            )
          }
        />
      ))}
      {draft ? (
        <ImportPreviewPanel
          // What was unticked belongs to one import: another file starts with everything ticked.
          key={draft.importId}
          draft={draft}
          onOptionsChange={(options) => setDraft({ ...draft, options })}
          onStarted={(status) => {
            setFollowed((current) => [
              { importId: status.importId, startedHere: true },
              ...current.filter((candidate) => candidate.importId !== status.importId),
            ])
            setDraft(null)
          }}
          onClosed={() => {
            setDraft(null)
            setReturned(true)
          }}
        />
      ) : (
        <ImportSource
          autoFocus={returned}
          parentId={prefilledParent}
          connectError={connectError}
          onPreview={(preview) =>
            setDraft({
              importId: preview.importId,
              options: prefilledParent
                ? { ...preview.options, parentId: prefilledParent }
                : preview.options,
            })
          }
        />
      )}
      <RecentImports imports={recent} />
    </div>
  )
}
