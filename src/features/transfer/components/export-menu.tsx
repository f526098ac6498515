import { ChevronDown, Download } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { EXPORT_FORMATS, type ExportFormat } from '~/config/formats'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { exportHref } from './import-export-model'

/** Product names stay as they are; the backup's name and every description are translated. */
const EXPORT_LABELS: Record<ExportFormat, { name: string | MessageKey; description: MessageKey }> =
  {
    tubefold: {
      name: 'transfer.export.tubefold.name',
      description: 'transfer.export.tubefold.description',
    },
    opml: { name: 'OPML', description: 'transfer.export.opml.description' },
    csv: { name: 'CSV', description: 'transfer.export.csv.description' },
    newpipe: { name: 'NewPipe (JSON)', description: 'transfer.export.newpipe.description' },
    'newpipe-zip': {
      name: 'NewPipe (ZIP)',
      description: 'transfer.export.newpipeZip.description',
    },
    freetube: { name: 'FreeTube', description: 'transfer.export.freetube.description' },
    piped: { name: 'Piped', description: 'transfer.export.piped.description' },
  }

export type ExportChoice = {
  format: ExportFormat
  name: string
  description: string
  href: string
}

/** Every export format with its translated name, description and download link. */
export function useExportChoices(groupId: string | null): ExportChoice[] {
  const { t } = useI18n()
  return EXPORT_FORMATS.map((format) => {
    const labels = EXPORT_LABELS[format]
    return {
      format,
      name: labels.name === 'transfer.export.tubefold.name' ? t(labels.name) : labels.name,
      description: t(labels.description),
      href: exportHref(format, groupId),
    }
  })
}

/**
 * "Export ▾": one download link per format. `groupId` null exports the whole
 * account, else that group's subtree. The server streams the file at once.
 */
export function ExportMenu(props: {
  groupId: string | null
  size?: 'sm' | 'md'
  className?: string
}) {
  const { t } = useI18n()
  const choices = useExportChoices(props.groupId)
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size={props.size ?? 'md'} className={props.className}>
          <Download aria-hidden size={16} />
          {t('transfer.export.menu')}
          <ChevronDown aria-hidden size={14} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="px-3 pt-2 pb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {props.groupId ? t('transfer.export.groupLabel') : t('transfer.export.accountLabel')}
        </DropdownMenuLabel>
        {choices.map((choice) => (
          <DropdownMenuItem key={choice.format} asChild>
            <a href={choice.href} download>
              <span className="grid gap-0.5">
                <span className="font-medium">{choice.name}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {choice.description}
                </span>
              </span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** The same choices as a plain list of links (the privacy settings). */
export function ExportLinks(props: { groupId: string | null; className?: string }) {
  const choices = useExportChoices(props.groupId)
  return (
    <ul className={cn('grid gap-2 sm:grid-cols-2', props.className)}>
      {choices.map((choice) => (
        <li key={choice.format}>
          <a
            href={choice.href}
            download
            className="flex h-full items-start gap-3 rounded-xl border border-zinc-200 p-3 hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
          >
            <Download
              aria-hidden
              size={16}
              className="mt-0.5 shrink-0 text-primary-strong dark:text-zinc-300"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{choice.name}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{choice.description}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
