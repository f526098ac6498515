import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ArrowLeft,
  type CheckCircle2,
  CircleSlash,
  Copy,
  FolderCheck,
  Library,
  PlusCircle,
  SearchX,
} from 'lucide-react'
import { Tabs } from 'radix-ui'
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { Field, Input, Textarea } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { GroupIcon } from '~/features/groups/components/group-icon'
import type { AddResult } from '~/features/groups/entries.schemas'
import { groupDetailQuery, useAddItems } from '~/features/groups/groups.queries'
import { cn } from '~/lib/cn'
import { useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import {
  libraryQuery,
  useAddAnime,
  useAddChannels,
  useResolveAnime,
  useResolveChannels,
} from '../library.queries'
import {
  type AnimePreview,
  addAnimeSchema,
  PASTE_LINES_MAX,
  RESOLVE_STATUSES,
  type ResolvedLine,
  type ResolveStatus,
} from '../library.schemas'
import { EntryList } from './entry-list'
import {
  compactNumberFormat,
  type EntrySort,
  handleText,
  rowFromLibraryEntry,
} from './entry-list-model'
import { addableChannelIds, countLines, statusCounts } from './resolve-model'

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
  duplicate: {
    label: 'library.resolve.status.duplicate',
    icon: Copy,
    tone: 'text-zinc-700 bg-zinc-100 dark:text-zinc-200 dark:bg-zinc-800',
  },
}

/** The page: back to the group, a title naming it, the three ways to add. */
export function AddChannelsPage(props: { groupId: string }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.groupId))
  const { group } = detail
  const toGroup = () => navigate({ to: '/dashboard/groups/$id/', params: { id: group.id } })
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <Link
        to="/dashboard/groups/$id/"
        params={{ id: group.id }}
        className="inline-flex items-center gap-1.5 justify-self-start text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
      >
        <ArrowLeft aria-hidden size={16} />
        <GroupIcon icon={group.icon} color={group.color} size={14} />
        {t('library.add.back', { group: group.name })}
      </Link>
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {t('library.add.title', { group: group.name })}
        </h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('library.add.intro')}</p>
      </div>
      {detail.role === 'viewer' ? (
        <FormAlert tone="info">{t('library.add.viewOnly')}</FormAlert>
      ) : (
        <AddChannelsForm
          groupId={group.id}
          groupName={group.name}
          onDone={toGroup}
          fromLibrary={detail.role === 'owner'}
        />
      )}
    </div>
  )
}

/**
 * `…/add-channel/`: paste links or handles, pick from the library, or add an
 * anime by its Crunchyroll link, all into one group.
 */
export function AddChannelsForm(props: {
  groupId: string
  groupName: string
  /** After something was added (e.g. go back to the group). */
  onDone: () => void
  /**
   * "From your library": the reader's own entries, which only fit their own
   * groups (a shared group holds its owner's entries). Default on.
   */
  fromLibrary?: boolean
}) {
  const { t } = useI18n()
  const tabClass = cn(
    'rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300',
    'data-[state=active]:bg-primary-soft data-[state=active]:text-primary-strong',
    'dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-white',
  )
  return (
    <Tabs.Root defaultValue="paste" className="grid gap-6">
      <Tabs.List
        aria-label={t('library.add.tabs')}
        className="flex flex-wrap gap-1 justify-self-start rounded-lg border border-zinc-200 p-1 dark:border-zinc-800"
      >
        <Tabs.Trigger value="paste" className={tabClass}>
          {t('library.add.tab.paste')}
        </Tabs.Trigger>
        {props.fromLibrary === false ? null : (
          <Tabs.Trigger value="library" className={tabClass}>
            {t('library.add.tab.library')}
          </Tabs.Trigger>
        )}
        <Tabs.Trigger value="anime" className={tabClass}>
          {t('library.add.tab.anime')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="paste">
        <PasteChannels groupId={props.groupId} groupName={props.groupName} onAdded={props.onDone} />
      </Tabs.Content>
      {props.fromLibrary === false ? null : (
        <Tabs.Content value="library">
          <FromLibrary groupId={props.groupId} groupName={props.groupName} onAdded={props.onDone} />
        </Tabs.Content>
      )}
      <Tabs.Content value="anime">
        <AddAnimeSection
          groupId={props.groupId}
          groupName={props.groupName}
          onAdded={props.onDone}
        />
      </Tabs.Content>
    </Tabs.Root>
  )
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
  if (result.added === 0) toast.info(t('library.add.nothingAdded') + already)
  else toast.success(added + already)
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
  const counts = checked ? statusCounts(checked.lines) : null

  const onCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const lines = countLines(text)
    setTooMany(lines > PASTE_LINES_MAX)
    if (lines === 0 || lines > PASTE_LINES_MAX) return
    const sent = text
    resolve.mutate(
      { text: sent, groupId: props.groupId },
      { onSuccess: (lines) => setChecked({ text: sent, lines }) },
    )
  }

  const onAdd = () => {
    if (channelIds.length === 0) return
    add.mutate(
      { channelIds, groupId: props.groupId },
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
              <ResolvedLineItem key={line.line} line={line} inGroup={inGroup} compact={compact} />
            ))}
          </ol>
          {add.error ? <FormAlert tone="error">{errorText(add.error)}</FormAlert> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={onAdd} disabled={add.isPending || outdated || channelIds.length === 0}>
              {plural(
                { one: 'library.resolve.add.one', other: 'library.resolve.add.other' },
                channelIds.length,
              )}
            </Button>
            {channelIds.length === 0 ? (
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

/** "From your library": entries not yet in this group, picked with the shared list. */
function FromLibrary(props: { groupId: string; groupName: string; onAdded: () => void }) {
  const { t } = useI18n()
  const plural = usePlural()
  const [kind, setKind] = useState<'channel' | 'anime'>('channel')
  const [sort, setSort] = useState<EntrySort>('name')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const library = useQuery(libraryQuery(kind))
  const addItems = useAddItems()
  const rows = useMemo(
    () =>
      (library.data?.entries ?? [])
        .filter((entry) => !entry.groupIds.includes(props.groupId))
        .map(rowFromLibraryEntry),
    [library.data, props.groupId],
  )
  const choose = (next: 'channel' | 'anime') => {
    setKind(next)
    setSelected(new Set())
  }
  const ids = rows.filter((row) => selected.has(row.id)).map((row) => row.id)
  const onAdd = () => {
    if (ids.length === 0) return
    // Optimistic: the group page shows them at once; a refusal rolls back with a toast.
    addItems.mutate({ groupId: props.groupId, entryIds: ids })
    setSelected(new Set())
    props.onAdded()
  }
  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('library.add.kind')}</legend>
        {(['channel', 'anime'] as const).map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded-md border border-zinc-200 px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-strong has-focus-visible:outline-2 has-focus-visible:outline-primary dark:border-zinc-700 dark:has-checked:bg-zinc-800 dark:has-checked:text-white"
          >
            <input
              type="radio"
              name="library-kind"
              value={value}
              checked={kind === value}
              onChange={() => choose(value)}
              className="sr-only"
            />
            {t(value === 'channel' ? 'library.add.kind.channels' : 'library.add.kind.animes')}
          </label>
        ))}
      </fieldset>
      {library.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.loading')}</p>
      ) : library.error ? (
        <FormAlert tone="error">{t('library.loadFailed')}</FormAlert>
      ) : (
        <EntryList
          rows={rows}
          kind={kind}
          label={t(kind === 'channel' ? 'library.add.pickChannels' : 'library.add.pickAnimes')}
          sort={sort}
          sorts={['name', 'added', 'subscribers']}
          onSortChange={setSort}
          selected={selected}
          onSelectedChange={setSelected}
          maxHeight="min(55vh, 36rem)"
          empty={<EmptyNote>{t('library.add.libraryEmpty')}</EmptyNote>}
        />
      )}
      <Button onClick={onAdd} disabled={ids.length === 0} className="justify-self-start">
        {plural(
          { one: 'library.add.addPicked.one', other: 'library.add.addPicked.other' },
          ids.length,
        )}
      </Button>
    </div>
  )
}

function EmptyNote(props: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {props.children}
    </p>
  )
}

/** A Crunchyroll series link → a preview from the catalogue and AniList → add. */
export function AddAnimeSection(props: {
  groupId: string | null
  groupName: string | null
  onAdded: () => void
}) {
  const { t, formatNumber } = useI18n()
  const errorText = useErrorText()
  const resolve = useResolveAnime()
  const add = useAddAnime()
  const form = useSchemaForm({ schema: addAnimeSchema, fields: ['url'] as const })
  const [url, setUrl] = useState('')
  const [preview, setPreview] = useState<{ url: string; anime: AnimePreview } | null>(null)
  const outdated = preview !== null && preview.url !== url.trim()

  const onPreview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate({ url, groupId: props.groupId })
    if (!values) return
    resolve.mutate(
      { url: values.url },
      { onSuccess: (anime) => setPreview({ url: values.url, anime }) },
    )
  }
  const onAdd = () => {
    if (!preview) return
    add.mutate(
      { url: preview.url, groupId: props.groupId },
      {
        onSuccess: () => {
          toast.success(
            props.groupName
              ? t('library.anime.addedToGroup', {
                  title: preview.anime.title,
                  group: props.groupName,
                })
              : t('library.anime.added', { title: preview.anime.title }),
          )
          setUrl('')
          setPreview(null)
          props.onAdded()
        },
      },
    )
  }
  const anime = preview?.anime
  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onPreview} className="grid gap-3">
        <Field
          label={t('library.anime.url')}
          hint={t('library.anime.urlHint')}
          error={form.error('url')}
        >
          {(control) => (
            <Input
              {...control}
              name="url"
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://www.crunchyroll.com/series/GY5P48XEY/demon-slayer-kimetsu-no-yaiba"
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
        {resolve.error ? <FormAlert tone="error">{errorText(resolve.error)}</FormAlert> : null}
        <Button
          type="submit"
          variant={preview && !outdated ? 'secondary' : 'primary'}
          disabled={resolve.isPending}
          className="justify-self-start"
        >
          {resolve.isPending ? t('library.anime.previewing') : t('library.anime.preview')}
        </Button>
      </form>
      {anime ? (
        <section
          aria-label={t('library.anime.previewLabel')}
          className="flex flex-wrap gap-5 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800"
        >
          <EntryAvatar
            id={anime.id}
            title={anime.title}
            imageUrl={anime.posterUrl}
            kind="anime"
            size="lg"
          />
          <div className="grid min-w-0 flex-1 content-start gap-2">
            <h2 className="text-lg font-semibold">{anime.title}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {anime.year ? (
                <div className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{t('library.info.year')}</dt>
                  <dd>{anime.year}</dd>
                </div>
              ) : null}
              {anime.episodes ? (
                <div className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{t('library.info.episodes')}</dt>
                  <dd>{formatNumber(anime.episodes)}</dd>
                </div>
              ) : null}
              {anime.genres.length > 0 ? (
                <div className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{t('library.info.genres')}</dt>
                  <dd>{anime.genres.join(', ')}</dd>
                </div>
              ) : null}
              {anime.score !== null ? (
                <div className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{t('library.info.score')}</dt>
                  <dd>{t('library.info.scoreValue', { score: anime.score })}</dd>
                </div>
              ) : null}
            </dl>
            {outdated ? <FormAlert tone="info">{t('library.anime.outdated')}</FormAlert> : null}
            {add.error ? <FormAlert tone="error">{errorText(add.error)}</FormAlert> : null}
            <Button
              onClick={onAdd}
              disabled={add.isPending || outdated}
              className="mt-2 justify-self-start"
            >
              {add.isPending ? t('library.anime.adding') : t('library.anime.add')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  )
}
