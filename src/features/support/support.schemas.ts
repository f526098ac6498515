import { z } from 'zod'
import { emailSchema } from '~/lib/validation'

export const SUPPORT_TOPICS = ['question', 'bug', 'billing', 'feedback'] as const
export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000

export const contactSchema = z.object({
  name: z.string().trim().min(1, 'support.contact.error.nameRequired').max(100),
  email: emailSchema,
  topic: z.enum(SUPPORT_TOPICS),
  message: z
    .string()
    .trim()
    .min(MESSAGE_MIN, 'support.contact.error.messageShort')
    .max(MESSAGE_MAX, 'support.contact.error.messageLong'),
  /** Honeypot: people leave it empty, naive bots fill it in. */
  website: z.string().max(0).optional(),
})
export type ContactInput = z.input<typeof contactSchema>

export const CONTACT_ERROR_PARAMS = {
  'support.contact.error.messageShort': { min: MESSAGE_MIN },
  'support.contact.error.messageLong': { max: MESSAGE_MAX },
}
