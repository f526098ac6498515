import { type FormEvent, useMemo, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Field, Input, Select } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { SwitchField } from '~/components/ui/switch'
import { TEAM_EVENTS, type TeamEvent } from '~/db/enums'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { useErrorText } from '~/lib/use-error-text'
import { useSaveNotificationPreference } from '../notifications.queries'
import type { NotificationSettings } from '../notifications.schemas'

const EVENT_LABELS = {
  invited: 'notify.event.invited',
  member_joined: 'notify.event.member_joined',
  member_left: 'notify.event.member_left',
  role_changed: 'notify.event.role_changed',
  ownership_transferred: 'notify.event.ownership_transferred',
  group_deleted: 'notify.event.group_deleted',
  group_restored: 'notify.event.group_restored',
} as const satisfies Record<TeamEvent, MessageKey>

/** Default quiet hours offered when the reader turns them on: 22:00–07:00. */
const QUIET_DEFAULT = { start: 22 * 60, end: 7 * 60 }

function toClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

function fromClock(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

function timeZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes(current) ? zones : [current, ...zones]
}

/** Time zone, quiet hours and the team events mailed: saved together with one button. */
export function AccountNoticeForm({
  preference,
}: {
  preference: NotificationSettings['preference']
}) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const save = useSaveNotificationPreference()
  // Until the reader saves once, the browser's own zone is the better guess than UTC.
  const [timeZone, setTimeZone] = useState(() =>
    preference.saved ? preference.timeZone : browserTimeZone(),
  )
  const [quiet, setQuiet] = useState(preference.quietStart !== null)
  const [start, setStart] = useState(preference.quietStart ?? QUIET_DEFAULT.start)
  const [end, setEnd] = useState(preference.quietEnd ?? QUIET_DEFAULT.end)
  const [muted, setMuted] = useState<TeamEvent[]>(preference.mutedTeamEvents)
  const zones = useMemo(() => timeZones(timeZone), [timeZone])

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate({
      timeZone,
      quietStart: quiet ? start : null,
      quietEnd: quiet ? end : null,
      mutedTeamEvents: muted,
    })
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <Field label={t('notify.timeZone')} hint={t('notify.timeZone.hint')}>
        {(control) => (
          <Select {...control} value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-3">
        <SwitchField
          label={t('notify.quiet.enabled')}
          hint={t('notify.quiet.hint')}
          checked={quiet}
          onCheckedChange={setQuiet}
        />
        {quiet ? (
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <Field label={t('notify.quiet.from')}>
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  required
                  value={toClock(start)}
                  onChange={(e) => setStart(fromClock(e.target.value) ?? start)}
                />
              )}
            </Field>
            <Field label={t('notify.quiet.to')}>
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  required
                  value={toClock(end)}
                  onChange={(e) => setEnd(fromClock(e.target.value) ?? end)}
                />
              )}
            </Field>
          </div>
        ) : null}
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('notify.team.title')}</legend>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('notify.team.hint')}</p>
        {TEAM_EVENTS.map((event) => (
          <SwitchField
            key={event}
            label={t(EVENT_LABELS[event])}
            checked={!muted.includes(event)}
            onCheckedChange={(on) =>
              setMuted((current) =>
                on ? current.filter((item) => item !== event) : [...current, event],
              )
            }
          />
        ))}
      </fieldset>
      {save.isError ? <FormAlert tone="error">{errorText(save.error)}</FormAlert> : null}
      {save.isSuccess ? <FormAlert tone="success">{t('notify.saved')}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('notify.account.save')}
        </Button>
      </div>
    </form>
  )
}
