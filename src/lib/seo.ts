import type { MessageKey, Messages } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'

/** Per-route <title>, description and Open Graph tags, in the page's language. */
export function pageMeta(messages: Messages, titleKey: MessageKey, descriptionKey?: MessageKey) {
  const t = createTranslator(messages)
  const title =
    titleKey === 'meta.title.home' ? t(titleKey) : t('meta.title.suffix', { title: t(titleKey) })
  const description = t(descriptionKey ?? 'meta.description.home')
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Tubefold' },
    { name: 'twitter:card', content: 'summary' },
  ]
}
