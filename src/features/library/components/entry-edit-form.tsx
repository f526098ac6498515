import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, ExternalLink, X } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { Field, Input, Textarea } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import {
  ALIAS_MAX,
  ENTRY_ERROR_PARAMS,
  ENTRY_FORM_FIELDS,
  entryFormSchema,
  NOTES_MAX,
  TAG_MAX,
  TAGS_MAX,
} from '~/features/library/entries.schemas'
import { errorCodeOf } from '~/lib/app-error'
import { cn } from '~/lib/cn'
import { useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import { useErrorText } from '~/lib/use-error-text'
import { entryQuery, useUpdateEntry } from '../library.queries'
import type { LibraryEntryDetail } from '../library.schemas'
import { compactNumberFormat, handleText, subscriberText } from './entry-list-model'
import { addTags } from './tag-list'

/** The library list an entry belongs to: where Save and Cancel return. */
export function libraryPath(kind: 'channel' | 'anime') {
  return kind === 'channel' ? '/dashboard/channels/' : '/dashboard/animes/'
}

export function sourceUrl(entry: { kind: 'channel' | 'anime'; sourceId: string }) {
  return entry.kind === 'channel'
    ? `https://www.youtube.com/channel/${encodeURIComponent(entry.sourceId)}`
    : `https://www.crunchyroll.com/series/${encodeURIComponent(entry.sourceId)}`
}

/** The page: a way back to the library, the title, the form. */
export function EntryEditPage(props: { id: string }) {
  const { t } = useI18n()
  const { data: entry } = useSuspenseQuery(entryQuery(props.id))
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <BackLink kind={entry.kind} />
      <h1 className="text-3xl font-bold tracking-tight break-words">
        {t('library.edit.title', { title: entry.title })}
      </h1>
      <EntryEditForm id={props.id} />
    </div>
  )
}

export function BackLink(props: { kind: 'channel' | 'anime' }) {
  const { t } = useI18n()
  return (
    <Link
      to={libraryPath(props.kind)}
      className="inline-flex items-center gap-1 justify-self-start text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
    >
      <ArrowLeft aria-hidden size={16} />
      {t(props.kind === 'channel' ? 'library.backToChannels' : 'library.backToAnimes')}
    </Link>
  )
}

/** `…/edit/{id}/`: alias, notes and tags, saved against the version they were loaded at. */
export function EntryEditForm(props: { id: string }) {
  const { data: entry } = useSuspenseQuery(entryQuery(props.id))
  // Refetches in the background never reset what is being typed; Reload starts a fresh form.
  const [generation, setGeneration] = useState(0)
  return <EditForm key={generation} entry={entry} onReloaded={() => setGeneration((n) => n + 1)} />
}

function EditForm(props: { entry: LibraryEntryDetail; onReloaded: () => void }) {
  const { entry } = props
  // The version the values were read at: a save carries it, so a change made elsewhere is refused.
  const [loadedVersion] = useState(entry.version)
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const errorText = useErrorText()
  const update = useUpdateEntry()
  const form = useSchemaForm({
    schema: entryFormSchema,
    fields: ENTRY_FORM_FIELDS,
    params: ENTRY_ERROR_PARAMS,
  })
  const [alias, setAlias] = useState(entry.alias ?? '')
  const [notes, setNotes] = useState(entry.notes)
  const [tags, setTags] = useState<string[]>(entry.tags)
  const [pendingTag, setPendingTag] = useState('')
  const [failure, setFailure] = useState<unknown>(null)
  const [reloading, setReloading] = useState(false)
  const stale = failure !== null && errorCodeOf(failure).code === 'STALE_VERSION'
  const back = libraryPath(entry.kind)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const allTags = pendingTag.trim() ? addTags(tags, pendingTag) : tags
    const values = form.validate({ alias, notes, tags: allTags })
    if (!values) return
    setFailure(null)
    try {
      await update.mutateAsync({ id: entry.id, version: loadedVersion, ...values })
      toast.success(t('library.edit.saved', { title: values.alias || entry.originalTitle }))
      await navigate({ to: back })
    } catch (error) {
      setFailure(error)
    }
  }

  const reload = async () => {
    setReloading(true)
    try {
      await queryClient.refetchQueries({ queryKey: entryQuery(entry.id).queryKey, exact: true })
      props.onReloaded()
    } finally {
      setReloading(false)
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={onSubmit} className="grid content-start gap-5">
        <Field
          label={t('library.edit.alias')}
          hint={t('library.edit.aliasHint', { max: ALIAS_MAX })}
          error={form.error('alias')}
        >
          {(control) => (
            <Input
              {...control}
              name="alias"
              value={alias}
              maxLength={ALIAS_MAX * 2}
              placeholder={entry.originalTitle}
              onChange={(event) => setAlias(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('library.edit.notes')}
          hint={t('library.edit.notesHint', { max: NOTES_MAX })}
          error={form.error('notes')}
        >
          {(control) => (
            <Textarea
              {...control}
              name="notes"
              value={notes}
              rows={5}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </Field>
        <TagInput
          tags={tags}
          onTagsChange={setTags}
          pending={pendingTag}
          onPendingChange={setPendingTag}
          error={form.error('tags')}
        />
        {stale ? (
          <FormAlert tone="error">
            <p>{t('library.edit.stale')}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              disabled={reloading}
              onClick={reload}
            >
              {t('library.edit.reload')}
            </Button>
          </FormAlert>
        ) : failure !== null ? (
          <FormAlert tone="error">{errorText(failure)}</FormAlert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={update.isPending || stale}>
            {update.isPending ? t('library.edit.saving') : t('library.edit.save')}
          </Button>
          <Button variant="secondary" asChild>
            <Link to={back}>{t('library.edit.cancel')}</Link>
          </Button>
        </div>
      </form>
      <CatalogueCard entry={entry} />
    </div>
  )
}

function TagInput(props: {
  tags: string[]
  onTagsChange: (tags: string[]) => void
  pending: string
  onPendingChange: (value: string) => void
  error?: string
}) {
  const { t } = useI18n()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const { tags, onTagsChange, pending, onPendingChange } = props
  const commit = (text: string) => {
    onTagsChange(addTags(tags, text))
    onPendingChange('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      if (pending.trim()) commit(pending)
    } else if (event.key === 'Backspace' && pending === '' && tags.length > 0) {
      event.preventDefault()
      onTagsChange(tags.slice(0, -1))
    }
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('library.edit.tags')}
      </label>
      <div
        className={cn(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-xs focus-within:outline-2 focus-within:outline-primary dark:bg-zinc-900',
          props.error
            ? 'border-red-600 dark:border-red-400'
            : 'border-zinc-300 dark:border-zinc-700',
        )}
      >
        {tags.length > 0 ? (
          <ul aria-label={t('library.edit.tagList')} className="contents">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-md bg-zinc-100 py-0.5 pr-0.5 pl-2 text-sm dark:bg-zinc-800"
              >
                {tag}
                <button
                  type="button"
                  aria-label={t('library.edit.removeTag', { tag })}
                  onClick={() => {
                    onTagsChange(tags.filter((value) => value !== tag))
                    inputRef.current?.focus()
                  }}
                  className="grid size-5 place-items-center rounded hover:bg-zinc-200 dark:hover:bg-zinc-700"
                >
                  <X aria-hidden size={12} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          value={pending}
          maxLength={TAG_MAX * 4}
          disabled={tags.length >= TAGS_MAX}
          aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}
          aria-invalid={props.error ? true : undefined}
          onChange={(event) => {
            const value = event.target.value
            // A pasted "a, b, c" becomes chips at once; the text after the last comma stays.
            if (value.includes(',')) {
              const cut = value.lastIndexOf(',')
              onTagsChange(addTags(tags, value.slice(0, cut)))
              onPendingChange(value.slice(cut + 1).trimStart())
            } else {
              onPendingChange(value)
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (pending.trim()) commit(pending)
          }}
          className="min-w-32 flex-1 bg-transparent px-1 text-sm outline-none"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('library.edit.tagsHint', { max: TAGS_MAX })}
      </p>
      {props.error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

function CatalogueCard(props: { entry: LibraryEntryDetail }) {
  const { entry } = props
  const { t, locale, formatNumber } = useI18n()
  const compact = useMemo(() => compactNumberFormat(LOCALE_TAGS[locale]), [locale])
  const subscribers = subscriberText(entry, compact, t('library.list.subscribersHidden'))
  const facts: [string, string][] = []
  if (entry.kind === 'channel') {
    if (subscribers) facts.push([t('library.info.subscribers'), subscribers])
  } else {
    if (entry.year) facts.push([t('library.info.year'), String(entry.year)])
    if (entry.episodes) facts.push([t('library.info.episodes'), formatNumber(entry.episodes)])
    if (entry.score !== null) {
      facts.push([t('library.info.score'), t('library.info.scoreValue', { score: entry.score })])
    }
    if (entry.genres.length > 0) facts.push([t('library.info.genres'), entry.genres.join(', ')])
  }
  return (
    <aside
      aria-labelledby="catalogue-title"
      className="grid content-start gap-4 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800"
    >
      <div className="flex items-center gap-4">
        <EntryAvatar
          id={entry.id}
          title={entry.originalTitle}
          imageUrl={entry.imageUrl}
          kind={entry.kind}
          size="lg"
        />
        <div className="grid min-w-0 gap-1">
          <h2 id="catalogue-title" className="font-semibold break-words">
            {entry.originalTitle}
          </h2>
          <a
            href={sourceUrl(entry)}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-2 hover:underline dark:text-(--accent-300)"
          >
            {entry.kind === 'channel'
              ? entry.handle
                ? handleText(entry.handle)
                : t('library.info.openYoutube')
              : t('library.info.openCrunchyroll')}
            <ExternalLink aria-hidden size={14} />
            <span className="sr-only">{t('library.info.newTab')}</span>
          </a>
        </div>
      </div>
      {facts.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {entry.description ? (
        <p className="line-clamp-6 text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">
          {entry.description}
        </p>
      ) : null}
    </aside>
  )
}
