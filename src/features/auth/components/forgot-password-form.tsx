import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { Field, Input } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useRequestPasswordReset } from '../auth.queries'
import { forgotPasswordSchema } from '../auth.schemas'

/** Always continues to the success screen, whether or not the address has an account. */
export function ForgotPasswordForm() {
  const { t } = useI18n()
  const navigate = useNavigate()
  const request = useRequestPasswordReset()
  const errorText = useErrorText()
  const form = useSchemaForm({ schema: forgotPasswordSchema, fields: ['email'] as const })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    if (!values) return
    request.mutate(values.email, {
      onSuccess: () =>
        navigate({ to: '/forgot-password/success/$email/', params: { email: values.email } }),
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field label={t('auth.field.email')} error={form.error('email')}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" />}
      </Field>
      {request.error ? <FormAlert tone="error">{errorText(request.error)}</FormAlert> : null}
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? t('auth.forgot.busy') : t('auth.forgot.submit')}
      </Button>
    </form>
  )
}
