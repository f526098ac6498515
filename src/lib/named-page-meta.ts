import type { MessageKey, Messages } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { pageMeta } from './seo'

/**
 * `pageMeta` with a title that names the thing on the page (a group, a
 * channel): `titleKey` takes `{name}`; falls back to the plain page title.
 */
export function namedPageMeta(
  messages: Messages,
  fallbackKey: MessageKey,
  titleKey: MessageKey,
  name: string | undefined,
) {
  const meta = pageMeta(messages, fallbackKey)
  if (!name) return meta
  const t = createTranslator(messages)
  const title = t('meta.title.suffix', { title: t(titleKey, { name }) })
  return meta.map((tag) => {
    if ('title' in tag) return { title }
    if ('property' in tag && tag.property === 'og:title') return { ...tag, content: title }
    return tag
  })
}

/** A route's `head` naming what its loader loaded (`{ name }`): one definition for pages that differ by route only. */
export function namedPageHead(fallbackKey: MessageKey, titleKey: MessageKey) {
  return ({
    match,
    loaderData,
  }: {
    match: { context: { messages: Messages } }
    loaderData?: { name: string }
  }) => ({ meta: namedPageMeta(match.context.messages, fallbackKey, titleKey, loaderData?.name) })
}
