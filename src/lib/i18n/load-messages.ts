import type { Locale } from './locales'
import type { Messages } from './messages/en'

/** Each dictionary is its own chunk: a page ships only the language it shows. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'pt':
      return (await import('./messages/pt')).messages
    case 'es':
      return (await import('./messages/es')).messages
    default:
      return (await import('./messages/en')).messages
  }
}
