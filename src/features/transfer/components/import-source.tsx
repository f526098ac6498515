import { FileUp, ScanSearch } from 'lucide-react'
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import { Field, Textarea } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { acceptedFormatNames } from '~/config/formats'
import type { AppError } from '~/lib/app-error'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import { useErrorText } from '~/lib/use-error-text'
import { usePreviewImportFile, usePreviewImportText } from '../transfer.queries'
import type { ImportPreview } from '../transfer.schemas'
import { IMPORT_MAX_MEGABYTES } from '../transfer.schemas'
import type { ConnectError } from '../youtube-connect.schemas'
import { fileSizeError, IMPORT_FILE_ACCEPT } from './import-export-model'
import { YoutubeImportSource } from './youtube-import-source'

function hasFiles(event: DragEvent) {
  return event.dataTransfer.types.includes('Files')
}

/**
 * Where an import starts: a file (dropped, or chosen with the file button) or
 * pasted text. Either gives a preview; nothing is written yet.
 */
export function ImportSource(props: {
  onPreview: (preview: ImportPreview) => void
  /** Move focus to the heading on mount (coming back from a preview). */
  autoFocus?: boolean
  /** Carried through Connect YouTube to the preview. */
  parentId?: string | null
  /** Why the last Connect YouTube attempt came back without a preview. */
  connectError?: ConnectError | null
}) {
  const { t, locale } = useI18n()
  const errorText = useErrorText()
  const inputId = useId()
  const formatsId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const fromFile = usePreviewImportFile()
  const fromText = usePreviewImportText()
  const [tooLarge, setTooLarge] = useState<AppError | null>(null)
  const [text, setText] = useState('')
  const [textError, setTextError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [reading, setReading] = useState<string | null>(null)
  const pending = fromFile.isPending || fromText.isPending
  const error = tooLarge ?? fromFile.error ?? fromText.error

  useEffect(() => {
    if (props.autoFocus) headingRef.current?.focus()
  }, [props.autoFocus])

  const formats = new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'conjunction' }).format(
    acceptedFormatNames(t('transfer.format.plain')),
  )

  const readFile = (file: File) => {
    if (pending) return
    fromText.reset()
    fromFile.reset()
    const sizeError = fileSizeError(file.size)
    setTooLarge(sizeError)
    if (sizeError) return
    setReading(file.name)
    fromFile.mutate(file, {
      onSuccess: props.onPreview,
      onSettled: () => setReading(null),
    })
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    if (!hasFiles(event)) return
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) readFile(file)
  }

  const onSubmitText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    fromFile.reset()
    fromText.reset()
    if (text.trim() === '') {
      setTextError(t('transfer.error.empty'))
      return
    }
    setTextError(null)
    const sizeError = fileSizeError(new Blob([text]).size)
    setTooLarge(sizeError)
    if (sizeError) return
    fromText.mutate(text, { onSuccess: props.onPreview })
  }

  return (
    <div className="grid gap-6">
      <h2 ref={headingRef} tabIndex={-1} className="sr-only">
        {t('transfer.source.title')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby={`${inputId}-title`}
          onDragEnter={(event) => {
            if (!hasFiles(event)) return
            event.preventDefault()
            setDragging(true)
          }}
          onDragOver={(event) => {
            if (!hasFiles(event)) return
            event.preventDefault()
            event.dataTransfer.dropEffect = 'copy'
          }}
          onDragLeave={(event) => {
            const next = event.relatedTarget
            if (!(next instanceof Node) || !event.currentTarget.contains(next)) setDragging(false)
          }}
          onDrop={onDrop}
          className={cn(
            'grid content-center justify-items-center gap-3 rounded-2xl border-2 border-dashed p-8 text-center transition-colors',
            dragging
              ? 'border-primary bg-primary-soft dark:bg-zinc-800'
              : 'border-zinc-300 dark:border-zinc-700',
          )}
        >
          <FileUp aria-hidden size={36} className="text-primary" />
          <h3 id={`${inputId}-title`} className="text-lg font-semibold">
            {t('transfer.source.file.title')}
          </h3>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('transfer.source.file.drop')}
          </p>
          <label
            className={cn(
              buttonClassName('primary'),
              'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
              pending && 'pointer-events-none opacity-60',
            )}
          >
            <input
              id={inputId}
              type="file"
              accept={IMPORT_FILE_ACCEPT}
              disabled={pending}
              aria-describedby={formatsId}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0]
                // Cleared so that choosing the same file again still reads it.
                event.target.value = ''
                if (file) readFile(file)
              }}
            />
            {t('transfer.source.file.choose')}
          </label>
          <p id={formatsId} className="max-w-md text-xs text-zinc-600 dark:text-zinc-400">
            {t('transfer.source.file.accepted', { formats, max: IMPORT_MAX_MEGABYTES })}
          </p>
          {reading ? (
            <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
              {t('transfer.source.file.reading', { name: reading })}
            </p>
          ) : null}
        </section>
        <section
          aria-labelledby={`${inputId}-paste-title`}
          className="grid gap-3 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
        >
          <h3 id={`${inputId}-paste-title`} className="text-lg font-semibold">
            {t('transfer.source.paste.title')}
          </h3>
          <form noValidate onSubmit={onSubmitText} className="grid gap-3">
            <Field
              label={t('transfer.source.paste.label')}
              hint={t('transfer.source.paste.hint')}
              error={textError ?? undefined}
            >
              {(control) => (
                <Textarea
                  {...control}
                  name="text"
                  rows={8}
                  spellCheck={false}
                  autoComplete="off"
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value)
                    if (textError) setTextError(null)
                  }}
                  placeholder={
                    'https://www.youtube.com/@mkbhd\nUCBJycsmduvYEL83R_U4JriQ\nhttps://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen'
                  }
                  className="font-mono text-xs"
                />
              )}
            </Field>
            <Button type="submit" disabled={pending} className="justify-self-start">
              <ScanSearch aria-hidden size={16} />
              {fromText.isPending
                ? t('transfer.source.paste.busy')
                : t('transfer.source.paste.submit')}
            </Button>
          </form>
        </section>
      </div>
      {error ? <FormAlert tone="error">{errorText(error)}</FormAlert> : null}
      <YoutubeImportSource
        parentId={props.parentId ?? null}
        connectError={props.connectError ?? null}
      />
    </div>
  )
}
