import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef } from 'react'
import { Button } from '~/components/ui/button'
import { Field, Input } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { formValues, useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { safeRedirect } from '~/lib/safe-redirect'
import { useErrorText } from '~/lib/use-error-text'
import { useSignIn } from '../auth.queries'
import { AUTH_ERROR_PARAMS, LOGIN_FIELDS, loginSchema } from '../auth.schemas'
import { demoHintQuery } from '../session.queries'
import { textLinkClass } from './auth-card'
import { PasswordInput } from './password-input'

export function LoginForm(props: { redirect?: string }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const signIn = useSignIn()
  const errorText = useErrorText()
  const form = useSchemaForm({
    schema: loginSchema,
    fields: LOGIN_FIELDS,
    params: AUTH_ERROR_PARAMS,
  })
  const demo = useQuery(demoHintQuery()).data
  const formRef = useRef<HTMLFormElement>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate(formValues(event.currentTarget))
    if (!values) return
    signIn.mutate(values, {
      onSuccess: () => navigate({ href: safeRedirect(props.redirect), replace: true }),
    })
  }

  const fillDemo = () => {
    const elements = formRef.current?.elements
    if (!demo || !elements) return
    for (const [name, value] of [
      ['email', demo.email],
      ['password', demo.password],
    ] as const) {
      const input = elements.namedItem(name)
      if (input instanceof HTMLInputElement) input.value = value
    }
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      {demo ? (
        <FormAlert tone="info">
          <p>{t('auth.login.demo', { email: demo.email, password: demo.password })}</p>
          <button type="button" onClick={fillDemo} className={textLinkClass}>
            {t('auth.login.useDemo')}
          </button>
        </FormAlert>
      ) : null}
      <Field label={t('auth.field.email')} error={form.error('email')}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" />}
      </Field>
      <Field label={t('auth.field.password')} error={form.error('password')}>
        {(control) => (
          <PasswordInput {...control} name="password" autoComplete="current-password" />
        )}
      </Field>
      <div className="flex justify-end text-sm">
        <Link to="/forgot-password/" className={textLinkClass}>
          {t('auth.login.forgot')}
        </Link>
      </div>
      {signIn.error ? <FormAlert tone="error">{errorText(signIn.error)}</FormAlert> : null}
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.login.busy') : t('auth.login.submit')}
      </Button>
    </form>
  )
}
