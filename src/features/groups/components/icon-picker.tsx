import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupColor } from '../groups.schemas'
import { EmojiTab, LucideTab } from './icon-picker-tabs'
import { parseIcon } from './lucide-icons'

export type IconPickerProps = {
  /** Whether the dialog is open (controlled). */
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The current stored value (`lucide:<name>` / `emoji:<char>`), or null. */
  value: string | null
  /** Called with `lucide:<name>` or `emoji:<char>`; the dialog then closes. */
  onChange: (value: string) => void
  /** Colour used to preview the icons. */
  color?: GroupColor | null
}

/**
 * Chooses a group icon: every bundled lucide icon (searchable, virtualised,
 * each glyph loaded as its cell appears) or an emoji (the emoji data loads
 * only when its tab is opened).
 */
export function IconPicker(props: IconPickerProps) {
  const { t } = useI18n()
  const current = parseIcon(props.value)
  const [tab, setTab] = useState<'icons' | 'emoji'>(current?.kind === 'emoji' ? 'emoji' : 'icons')
  const choose = (value: string) => {
    props.onChange(value)
    props.onOpenChange(false)
  }
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle className="text-lg font-semibold">{t('groups.iconPicker.title')}</DialogTitle>
        <DialogDescription className="sr-only">
          {t('groups.iconPicker.description')}
        </DialogDescription>
        <Tabs.Root
          value={tab}
          onValueChange={(next) => setTab(next === 'emoji' ? 'emoji' : 'icons')}
          className="grid gap-3"
        >
          <Tabs.List
            aria-label={t('groups.iconPicker.tabs')}
            className="flex rounded-lg border border-zinc-200 p-1 dark:border-zinc-800"
          >
            {(['icons', 'emoji'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="flex-1 rounded-md px-3 py-1.5 text-sm text-zinc-700 data-[state=active]:bg-primary-soft data-[state=active]:font-medium data-[state=active]:text-primary-strong dark:text-zinc-300 dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-white"
              >
                {value === 'icons' ? t('groups.iconPicker.icons') : t('groups.iconPicker.emoji')}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="icons" className="outline-none">
            <LucideTab
              selected={current?.kind === 'lucide' ? current.name : null}
              color={props.color ?? null}
              onChoose={(name) => choose(`lucide:${name}`)}
            />
          </Tabs.Content>
          <Tabs.Content value="emoji" className="outline-none">
            <EmojiTab
              selected={current?.kind === 'emoji' ? current.chars : null}
              onChoose={(chars) => choose(`emoji:${chars}`)}
            />
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  )
}
