import { useId } from 'react'
import { Select } from '~/components/ui/field'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { FeedChannel, FeedFilters as Filters } from '../feed.schemas'

/** Hide Shorts, hide watched (switches) and one channel (a select). */
export function FeedFilters(props: {
  filters: Filters
  channels: readonly FeedChannel[]
  onChange: (filters: Filters) => void
}) {
  const { t } = useI18n()
  const channelId = useId()
  const { filters } = props
  return (
    <fieldset className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="sr-only">{t('feed.filters.label')}</legend>
      <Toggle
        label={t('feed.filters.hideShorts')}
        checked={filters.hideShorts}
        onChange={(hideShorts) => props.onChange({ ...filters, hideShorts })}
      />
      <Toggle
        label={t('feed.filters.hideWatched')}
        checked={filters.hideWatched}
        onChange={(hideWatched) => props.onChange({ ...filters, hideWatched })}
      />
      <div className="grid min-w-48 flex-1 gap-1 sm:max-w-xs">
        <label htmlFor={channelId} className="text-sm font-medium">
          {t('feed.filters.channel')}
        </label>
        <Select
          id={channelId}
          value={filters.channelId ?? ''}
          onChange={(event) =>
            props.onChange({ ...filters, channelId: event.target.value || null })
          }
        >
          <option value="">{t('feed.filters.allChannels')}</option>
          {props.channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.title}
            </option>
          ))}
        </Select>
      </div>
    </fieldset>
  )
}

/** A native checkbox announced as a switch (as SwitchField), laid out inline. */
function Toggle(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId()
  return (
    <div className="flex h-10 items-center gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        aria-checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className={[
          'relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-400 transition-colors checked:bg-primary dark:bg-zinc-600',
          "before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
          'checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
        ].join(' ')}
      />
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
    </div>
  )
}
