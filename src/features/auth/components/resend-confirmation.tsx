import { type FormEvent, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Field, Input } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useResendConfirmation } from '../auth.queries'
import { forgotPasswordSchema } from '../auth.schemas'

/** "Send a new link": with a known address it is one button, otherwise it asks for one. */
export function ResendConfirmation(props: { email?: string }) {
  const { t } = useI18n()
  const resend = useResendConfirmation()
  const errorText = useErrorText()
  const form = useSchemaForm({ schema: forgotPasswordSchema, fields: ['email'] as const })
  const [sentTo, setSentTo] = useState<string | null>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(
      props.email ? { email: props.email } : formValues(event.currentTarget),
    )
    if (!values) return
    resend.mutate(values.email, { onSuccess: () => setSentTo(values.email) })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      {props.email ? null : (
        <Field label={t('auth.field.email')} error={form.error('email')}>
          {(control) => <Input {...control} name="email" type="email" autoComplete="email" />}
        </Field>
      )}
      {sentTo ? (
        <FormAlert tone="success">{t('auth.confirm.sent', { email: sentTo })}</FormAlert>
      ) : null}
      {resend.error ? <FormAlert tone="error">{errorText(resend.error)}</FormAlert> : null}
      <Button type="submit" variant="secondary" disabled={resend.isPending}>
        {resend.isPending ? t('auth.confirm.sending') : t('auth.confirm.sendNew')}
      </Button>
    </form>
  )
}
