import { useQuery } from '@tanstack/react-query'
import { MonitorSmartphone } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import { Field, Input } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import {
  activeSessionsQuery,
  useChangeEmail,
  useChangePassword,
  useRevokeSession,
  useUpdateName,
} from '../auth.queries'
import {
  AUTH_ERROR_PARAMS,
  CHANGE_PASSWORD_FIELDS,
  changeEmailSchema,
  changeNameSchema,
  changePasswordSchema,
} from '../auth.schemas'
import type { SessionUser } from '../session.functions'
import { DeleteAccount } from './delete-account'
import { NewPasswordFields } from './new-password-fields'
import { PasswordInput } from './password-input'

function ProfileForm(props: { user: SessionUser }) {
  const { t } = useI18n()
  const update = useUpdateName()
  const errorText = useErrorText()
  const form = useSchemaForm({
    schema: changeNameSchema,
    fields: ['name'] as const,
    params: AUTH_ERROR_PARAMS,
  })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    if (values) update.mutate(values.name)
  }
  return (
    <CardSection id="profile-title" title={t('settings.account.profile')}>
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field label={t('auth.field.fullName')} error={form.error('name')}>
          {(control) => (
            <Input {...control} name="name" defaultValue={props.user.name} autoComplete="name" />
          )}
        </Field>
        {update.isSuccess ? (
          <FormAlert tone="success">{t('settings.account.nameSaved')}</FormAlert>
        ) : null}
        {update.error ? <FormAlert tone="error">{errorText(update.error)}</FormAlert> : null}
        <Button type="submit" disabled={update.isPending} className="justify-self-start">
          {update.isPending ? t('settings.account.saving') : t('settings.account.saveName')}
        </Button>
      </form>
    </CardSection>
  )
}

function EmailForm(props: { user: SessionUser; changed: boolean }) {
  const { t } = useI18n()
  const change = useChangeEmail()
  const errorText = useErrorText()
  const form = useSchemaForm({ schema: changeEmailSchema, fields: ['email'] as const })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    if (values) change.mutate(values.email, { onSuccess: () => setSentTo(values.email) })
  }
  return (
    <CardSection
      id="email-title"
      title={t('settings.account.email')}
      description={t('settings.account.emailHint')}
    >
      {props.changed ? (
        <FormAlert tone="success">{t('settings.account.emailChanged')}</FormAlert>
      ) : null}
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field label={t('auth.field.email')} error={form.error('email')}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              defaultValue={props.user.email}
              autoComplete="email"
            />
          )}
        </Field>
        {sentTo ? (
          <FormAlert tone="success">{t('settings.account.emailSent', { email: sentTo })}</FormAlert>
        ) : null}
        {change.error ? <FormAlert tone="error">{errorText(change.error)}</FormAlert> : null}
        <Button
          type="submit"
          variant="secondary"
          disabled={change.isPending}
          className="justify-self-start"
        >
          {change.isPending ? t('settings.account.saving') : t('settings.account.changeEmail')}
        </Button>
      </form>
    </CardSection>
  )
}

function PasswordForm() {
  const { t } = useI18n()
  const change = useChangePassword()
  const errorText = useErrorText()
  const form = useSchemaForm({
    schema: changePasswordSchema,
    fields: CHANGE_PASSWORD_FIELDS,
    params: AUTH_ERROR_PARAMS,
  })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const values = form.validate(formValues(element))
    if (!values) return
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.password },
      { onSuccess: () => element.reset() },
    )
  }
  return (
    <CardSection id="password-title" title={t('settings.account.password')}>
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field label={t('auth.field.currentPassword')} error={form.error('currentPassword')}>
          {(control) => (
            <PasswordInput {...control} name="currentPassword" autoComplete="current-password" />
          )}
        </Field>
        <NewPasswordFields label="auth.field.newPassword" error={form.error} />
        {change.isSuccess ? (
          <FormAlert tone="success">{t('settings.account.passwordChanged')}</FormAlert>
        ) : null}
        {change.error ? <FormAlert tone="error">{errorText(change.error)}</FormAlert> : null}
        <Button
          type="submit"
          variant="secondary"
          disabled={change.isPending}
          className="justify-self-start"
        >
          {change.isPending ? t('settings.account.saving') : t('settings.account.changePassword')}
        </Button>
      </form>
    </CardSection>
  )
}

/** Browser and OS from the user agent, in a few words. */
function describeAgent(agent: string | null | undefined): string | null {
  if (!agent) return null
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null
  return [browser, os].filter(Boolean).join(' · ') || null
}

function SessionsList(props: { currentSessionId?: string }) {
  const { t, formatDate } = useI18n()
  const sessions = useQuery(activeSessionsQuery())
  const revoke = useRevokeSession()
  const errorText = useErrorText()
  return (
    <CardSection
      id="sessions-title"
      title={t('settings.account.sessions')}
      description={t('settings.account.sessionsHint')}
    >
      {sessions.error ? <FormAlert tone="error">{errorText(sessions.error)}</FormAlert> : null}
      {revoke.error ? <FormAlert tone="error">{errorText(revoke.error)}</FormAlert> : null}
      {revoke.isSuccess ? (
        <FormAlert tone="success">{t('settings.account.revoked')}</FormAlert>
      ) : null}
      <ul className="grid gap-2">
        {(sessions.data ?? []).map((session) => {
          const current = session.id === props.currentSessionId
          return (
            <li
              key={session.id}
              className="flex items-center gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
            >
              <MonitorSmartphone
                aria-hidden
                size={18}
                className="shrink-0 text-zinc-600 dark:text-zinc-400"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {describeAgent(session.userAgent) ?? t('settings.account.unknownDevice')}
                  {current ? ` · ${t('settings.account.thisDevice')}` : ''}
                </p>
                <p className="text-zinc-600 dark:text-zinc-400">
                  {t('settings.account.lastActive', {
                    date: formatDate(new Date(session.createdAt)),
                  })}
                  {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                </p>
              </div>
              {current ? null : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(session.token)}
                >
                  {t('settings.account.revoke')}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
    </CardSection>
  )
}

export function AccountSettings(props: {
  user: SessionUser
  currentSessionId?: string
  emailChanged: boolean
}) {
  return (
    <div className="grid gap-6">
      <ProfileForm user={props.user} />
      <EmailForm user={props.user} changed={props.emailChanged} />
      <PasswordForm />
      <SessionsList currentSessionId={props.currentSessionId} />
      <DeleteAccount user={props.user} />
    </div>
  )
}
