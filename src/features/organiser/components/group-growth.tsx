import { useI18n } from '~/lib/i18n/i18n-provider'

/** Placeholder: the growth helper replaces this file. */
export function GroupGrowth(props: { groupId: string }) {
  const { t } = useI18n()
  return <section data-group={props.groupId}>{t('groups.tab.growth')}</section>
}
