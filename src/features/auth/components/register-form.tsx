import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Field, Input } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useRegister } from '../auth.queries'
import { AUTH_ERROR_PARAMS, REGISTER_FIELDS, registerSchema } from '../auth.schemas'
import { textLinkClass } from './auth-card'
import { NewPasswordFields } from './new-password-fields'
import { ResendConfirmation } from './resend-confirmation'

export function RegisterForm(props: { redirect?: string }) {
  const { t } = useI18n()
  const register = useRegister()
  const errorText = useErrorText()
  const form = useSchemaForm({
    schema: registerSchema,
    fields: REGISTER_FIELDS,
    params: AUTH_ERROR_PARAMS,
  })
  const [sentTo, setSentTo] = useState<string | null>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    if (!values) return
    register.mutate(
      { ...values, redirect: props.redirect },
      { onSuccess: (result) => setSentTo(result.email) },
    )
  }

  if (sentTo) {
    return (
      <div className="grid gap-4">
        <h2 className="text-xl font-semibold">{t('auth.register.checkTitle')}</h2>
        <p>{t('auth.register.checkBody', { email: sentTo })}</p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('auth.register.checkSpam')}</p>
        <ResendConfirmation email={sentTo} />
      </div>
    )
  }

  const termsError = form.error('acceptTerms')
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field label={t('auth.field.fullName')} error={form.error('name')}>
        {(control) => <Input {...control} name="name" autoComplete="name" />}
      </Field>
      <Field label={t('auth.field.email')} error={form.error('email')}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" />}
      </Field>
      <NewPasswordFields label="auth.field.password" error={form.error} />
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="acceptTerms"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'terms-error' : undefined}
            className="mt-0.5 size-4 accent-primary"
          />
          <span>
            {t('auth.terms.before')}{' '}
            <Link to="/terms" target="_blank" className={textLinkClass}>
              {t('auth.terms.terms')}
            </Link>{' '}
            {t('auth.terms.and')}{' '}
            <Link to="/privacy" target="_blank" className={textLinkClass}>
              {t('auth.terms.privacy')}
            </Link>
          </span>
        </label>
        {termsError ? (
          <p id="terms-error" className="text-sm text-red-700 dark:text-red-400">
            {termsError}
          </p>
        ) : null}
      </div>
      {register.error ? <FormAlert tone="error">{errorText(register.error)}</FormAlert> : null}
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t('auth.register.busy') : t('auth.register.submit')}
      </Button>
    </form>
  )
}
