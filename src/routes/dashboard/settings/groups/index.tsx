import { createFileRoute } from '@tanstack/react-router'
import { GroupSettingsForm } from '~/features/groups/components/group-settings-form'
import { TrashSection } from '~/features/groups/components/trash-section'
import { groupSettingsQuery } from '~/features/groups/groups.queries'
import { trashQuery } from '~/features/groups/trash.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/settings/groups/')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(groupSettingsQuery()),
      queryClient.ensureQueryData(trashQuery()),
    ])
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'groups.meta.settings') }),
  component: GroupSettingsPage,
})

function GroupSettingsPage() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="group-settings-title" className="grid gap-6">
      <div>
        <h2 id="group-settings-title" className="text-xl font-semibold">
          {t('groups.settings.title')}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('groups.settings.subtitle')}</p>
      </div>
      <GroupSettingsForm />
      <TrashSection />
    </section>
  )
}
