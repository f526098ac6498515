import { useI18n } from '~/lib/i18n/i18n-provider'

/** Placeholder: the feed helper replaces this file. */
export function GroupFeed(props: { groupId: string }) {
  const { t } = useI18n()
  return <section data-group={props.groupId}>{t('groups.tab.feed')}</section>
}
