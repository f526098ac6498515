import { z } from 'zod'

/*
 * A library entry's own fields: the private alias, notes and tags with their
 * limits. Groups place entries; the library edits them.
 */

export const ALIAS_MAX = 100
export const NOTES_MAX = 2000
export const TAG_MAX = 30
export const TAGS_MAX = 20

const tagSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .pipe(z.string().min(1).max(TAG_MAX, 'library.error.tagTooLong'))

export const entryFormSchema = z.object({
  alias: z
    .string()
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().max(ALIAS_MAX, 'library.error.aliasTooLong')),
  notes: z.string().max(NOTES_MAX, 'library.error.notesTooLong'),
  tags: z
    .array(tagSchema)
    .max(TAGS_MAX, 'library.error.tooManyTags')
    .transform((tags) => [...new Map(tags.map((tag) => [tag.toLocaleLowerCase(), tag])).values()]),
})
export const ENTRY_FORM_FIELDS = ['alias', 'notes', 'tags'] as const
export const ENTRY_ERROR_PARAMS = {
  'library.error.aliasTooLong': { max: ALIAS_MAX },
  'library.error.notesTooLong': { max: NOTES_MAX },
  'library.error.tagTooLong': { max: TAG_MAX },
  'library.error.tooManyTags': { max: TAGS_MAX },
}
