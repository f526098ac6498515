import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { deletionSummaryQuery, useDeleteAccount } from '../auth.queries'
import { type DeletionSummary, deleteAccountSchema } from '../auth.schemas'
import type { SessionUser } from '../session.functions'
import { PasswordInput } from './password-input'

const KEYS = {
  groups: {
    one: 'settings.account.deleteDialog.groups.one',
    other: 'settings.account.deleteDialog.groups.other',
  },
  channels: {
    one: 'settings.account.deleteDialog.channels.one',
    other: 'settings.account.deleteDialog.channels.other',
  },
  animes: {
    one: 'settings.account.deleteDialog.animes.one',
    other: 'settings.account.deleteDialog.animes.other',
  },
  shared: {
    one: 'settings.account.deleteDialog.shared.one',
    other: 'settings.account.deleteDialog.shared.other',
  },
  memberOf: {
    one: 'settings.account.deleteDialog.memberOf.one',
    other: 'settings.account.deleteDialog.memberOf.other',
  },
} as const

/** The dialog's list: what goes, counted now; shared groups go for their members too. */
function DeletionList(props: { summary: DeletionSummary }) {
  const plural = usePlural()
  const { summary } = props
  return (
    <>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        <li>{plural(KEYS.groups, summary.groups)}</li>
        <li>{plural(KEYS.channels, summary.channels)}</li>
        <li>{plural(KEYS.animes, summary.animes)}</li>
      </ul>
      {summary.sharedGroups > 0 ? (
        <FormAlert tone="info">{plural(KEYS.shared, summary.sharedGroups)}</FormAlert>
      ) : null}
      {summary.memberOf > 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {plural(KEYS.memberOf, summary.memberOf)}
        </p>
      ) : null}
    </>
  )
}

function DeleteDialogBody(props: { user: SessionUser }) {
  const { t } = useI18n()
  const summary = useQuery(deletionSummaryQuery())
  const remove = useDeleteAccount()
  const errorText = useErrorText()
  const form = useSchemaForm({ schema: deleteAccountSchema, fields: ['password'] as const })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    // The mutation itself goes to the goodbye page once the account is gone.
    if (values) remove.mutate(values.password)
  }
  return (
    <DialogContent role="alertdialog" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <DialogTitle className="text-lg font-semibold">
        {t('settings.account.deleteDialog.title')}
      </DialogTitle>
      <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('settings.account.deleteDialog.intro')}
      </DialogDescription>
      {summary.data ? (
        <DeletionList summary={summary.data} />
      ) : summary.error ? (
        <FormAlert tone="error">{errorText(summary.error)}</FormAlert>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
          {t('settings.account.deleteDialog.counting')}
        </p>
      )}
      <p className="text-sm font-medium">
        {t('settings.account.deleteDialog.undo', { email: props.user.email })}
      </p>
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field label={t('settings.account.deleteConfirm')} error={form.error('password')}>
          {(control) => (
            <PasswordInput {...control} name="password" autoComplete="current-password" />
          )}
        </Field>
        {remove.error ? <FormAlert tone="error">{errorText(remove.error)}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {t('settings.account.deleteDialog.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending
              ? t('settings.account.deleting')
              : t('settings.account.deleteDialog.confirm')}
          </Button>
        </div>
      </form>
    </DialogContent>
  )
}

/** Seed settings/account: deleting asks again in a dialog that says what goes, with the password. */
export function DeleteAccount(props: { user: SessionUser }) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  return (
    <CardSection
      id="delete-title"
      title={t('settings.account.delete')}
      description={t('settings.account.deleteHint')}
      danger
    >
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="danger" className="justify-self-start" onClick={() => setOpen(true)}>
          {t('settings.account.deleteButton')}
        </Button>
        {open ? <DeleteDialogBody user={props.user} /> : null}
      </Dialog>
    </CardSection>
  )
}
