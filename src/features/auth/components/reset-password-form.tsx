import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useResetPassword } from '../auth.queries'
import { AUTH_ERROR_PARAMS, RESET_FIELDS, resetPasswordSchema } from '../auth.schemas'
import { textLinkClass } from './auth-card'
import { NewPasswordFields } from './new-password-fields'

export function ResetPasswordForm(props: { token: string }) {
  const { t } = useI18n()
  const reset = useResetPassword()
  const errorText = useErrorText()
  const form = useSchemaForm({
    schema: resetPasswordSchema,
    fields: RESET_FIELDS,
    params: AUTH_ERROR_PARAMS,
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    if (!values) return
    reset.mutate({ token: props.token, password: values.password })
  }

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4">
        <FormAlert tone="success">{t('auth.reset.done')}</FormAlert>
        <Link to="/login/" className={textLinkClass}>
          {t('auth.forgot.back')}
        </Link>
      </div>
    )
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <NewPasswordFields label="auth.field.newPassword" error={form.error} />
      {reset.error ? <FormAlert tone="error">{errorText(reset.error)}</FormAlert> : null}
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? t('auth.reset.busy') : t('auth.reset.submit')}
      </Button>
    </form>
  )
}
