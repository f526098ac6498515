import { createIsomorphicFn } from '@tanstack/react-start'
import { getCookie, getRequestHeader } from '@tanstack/react-start/server'
import { negotiateLocale } from '~/lib/i18n/locales'
import { parsePreferences } from './appearance.schemas'

function readDocumentCookie(name: string): string | undefined {
  const prefix = `${name}=`
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length))
  }
  return undefined
}

/** Preferences from cookies; on a first visit the language follows Accept-Language. */
export const getPreferences = createIsomorphicFn()
  .server(() =>
    parsePreferences(
      (name) => getCookie(name),
      negotiateLocale(getRequestHeader('accept-language')),
    ),
  )
  .client(() =>
    parsePreferences(readDocumentCookie, negotiateLocale(navigator.languages.join(','))),
  )
