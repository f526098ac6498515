import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { Field, Input } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useAddAnime, useResolveAnime } from '../library.queries'
import { type AnimePreview, addAnimeSchema } from '../library.schemas'

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
            {add.error ? (
              <FormAlert tone="error">
                <p>{errorText(add.error)}</p>
                <UpgradeLink error={add.error} />
              </FormAlert>
            ) : null}
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
