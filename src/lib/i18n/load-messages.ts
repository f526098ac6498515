import type { Locale } from './locales'
import type { Messages } from './messages/en'

const loaded = new Map<Locale, Messages>()

/**
 * The dictionary the page was rendered with arrives with the hydrated route
 * context; kept here, the first client navigation does not fetch its chunk.
 */
export function rememberMessages(locale: Locale, messages: Messages) {
  loaded.set(locale, messages)
}

/** Each dictionary is its own chunk: a page ships only the language it shows. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const known = loaded.get(locale)
  if (known) return known
  const messages = await importMessages(locale)
  loaded.set(locale, messages)
  return messages
}

async function importMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'pt':
      return (await import('./messages/pt')).messages
    case 'es':
      return (await import('./messages/es')).messages
    default:
      return (await import('./messages/en')).messages
  }
}
