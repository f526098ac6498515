import { CheckCircle2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Field, Input, Select, Textarea } from '~/components/ui/field'
import { ERROR_MESSAGES, errorCodeOf } from '~/lib/app-error'
import { type FieldErrors, fieldErrors } from '~/lib/forms/field-errors'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useSendSupportMessage } from '../support.queries'
import { CONTACT_ERROR_PARAMS, contactSchema, SUPPORT_TOPICS } from '../support.schemas'

const TOPIC_LABELS = {
  question: 'support.contact.topic.question',
  bug: 'support.contact.topic.bug',
  billing: 'support.contact.topic.billing',
  feedback: 'support.contact.topic.feedback',
} as const

const CONTACT_FIELDS = ['name', 'email', 'topic', 'message'] as const
type ContactField = (typeof CONTACT_FIELDS)[number]

export function ContactForm() {
  const { t, translateKey } = useI18n()
  const send = useSendSupportMessage()
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({})
  const [sentTo, setSentTo] = useState<string | null>(null)
  const errorText = (field: ContactField) => {
    const error = errors[field]
    return error ? translateKey(error.key, error.params) : undefined
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(new FormData(form))
    const parsed = contactSchema.safeParse(data)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, CONTACT_FIELDS, CONTACT_ERROR_PARAMS))
      return
    }
    setErrors({})
    send.mutate(
      { ...parsed.data },
      {
        onSuccess: () => {
          setSentTo(parsed.data.email)
          form.reset()
        },
      },
    )
  }

  const failure = send.error ? errorCodeOf(send.error) : null

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-describedby="contact-status">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('support.contact.name')} error={errorText('name')}>
          {(control) => <Input {...control} name="name" autoComplete="name" />}
        </Field>
        <Field label={t('support.contact.email')} error={errorText('email')}>
          {(control) => <Input {...control} name="email" type="email" autoComplete="email" />}
        </Field>
      </div>
      <Field label={t('support.contact.topic')} error={errorText('topic')}>
        {(control) => (
          <Select {...control} name="topic" defaultValue="question">
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(TOPIC_LABELS[topic])}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('support.contact.message')} error={errorText('message')}>
        {(control) => <Textarea {...control} name="message" rows={6} />}
      </Field>
      <div aria-hidden="true" className="hidden">
        <label>
          {t('support.contact.website')}
          <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div id="contact-status" aria-live="polite">
        {sentTo && !send.isPending ? (
          <p className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200">
            <CheckCircle2 aria-hidden size={16} />
            {t('support.contact.sent', { email: sentTo })}
          </p>
        ) : null}
        {failure ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {translateKey(ERROR_MESSAGES[failure.code], failure.params)}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? t('support.contact.sending') : t('support.contact.submit')}
      </Button>
    </form>
  )
}
