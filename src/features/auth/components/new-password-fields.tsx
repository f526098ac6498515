import { Field } from '~/components/ui/field'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { PasswordInput } from './password-input'

/** Password + confirmation, as sign-up, reset and the settings all ask for them. */
export function NewPasswordFields(props: {
  label: 'auth.field.password' | 'auth.field.newPassword'
  error: (field: 'password' | 'confirmPassword') => string | undefined
}) {
  const { t } = useI18n()
  return (
    <>
      <Field label={t(props.label)} error={props.error('password')}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" />}
      </Field>
      <Field label={t('auth.field.confirmPassword')} error={props.error('confirmPassword')}>
        {(control) => (
          <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" />
        )}
      </Field>
    </>
  )
}
