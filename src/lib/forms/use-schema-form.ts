import { useState } from 'react'
import type { z } from 'zod'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { type FieldErrors, fieldErrors } from './field-errors'

/**
 * Validates a form's values with the same zod schema the server uses and
 * keeps translated field errors; `error(field)` is what a Field displays.
 */
export function useSchemaForm<TSchema extends z.ZodType, TField extends string>(options: {
  schema: TSchema
  fields: readonly TField[]
  params?: Record<string, Record<string, string | number>>
}) {
  const { translateKey } = useI18n()
  const [errors, setErrors] = useState<FieldErrors<TField>>({})
  return {
    validate(values: unknown): z.output<TSchema> | null {
      const parsed = options.schema.safeParse(values)
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error, options.fields, options.params))
        return null
      }
      setErrors({})
      return parsed.data
    },
    error(field: TField): string | undefined {
      const entry = errors[field]
      return entry ? translateKey(entry.key, entry.params) : undefined
    },
    clear: () => setErrors({}),
  }
}

/** A form's fields as a plain object; checkboxes become booleans. */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {}
  for (const element of Array.from(form.elements)) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      )
    )
      continue
    if (!element.name) continue
    values[element.name] =
      element instanceof HTMLInputElement && element.type === 'checkbox'
        ? element.checked
        : element.value
  }
  return values
}
