import { z } from 'zod'
import { emailSchema } from '~/lib/validation'

export const SUPPORT_TOPICS = ['question', 'bug', 'billing', 'feedback'] as const
export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000
export const NAME_MAX = 100

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'support.contact.error.nameRequired')
    .max(NAME_MAX, 'support.contact.error.nameLong'),
  email: emailSchema,
  topic: z.enum(SUPPORT_TOPICS, 'errors.validation'),
  message: z
    .string()
    .trim()
    .min(MESSAGE_MIN, 'support.contact.error.messageShort')
    .max(MESSAGE_MAX, 'support.contact.error.messageLong'),
  /** Honeypot: people leave it empty, naive bots fill it in (and get a silent success). */
  website: z.string().max(500).optional(),
})
export type ContactInput = z.input<typeof contactSchema>

export const CONTACT_ERROR_PARAMS = {
  'support.contact.error.messageShort': { min: MESSAGE_MIN },
  'support.contact.error.messageLong': { max: MESSAGE_MAX },
  'support.contact.error.nameLong': { max: NAME_MAX },
}
