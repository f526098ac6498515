import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { FormAlert } from '~/components/ui/form-alert'
import { GroupIcon } from '~/features/groups/components/group-icon'
import { groupDetailQuery } from '~/features/groups/groups.queries'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { AddAnimeSection } from './add-anime-section'
import { FromLibrary } from './from-library'
import { PasteChannels } from './paste-channels'

/** The page: back to the group, a title naming it, the three ways to add. */
export function AddChannelsPage(props: { groupId: string }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.groupId))
  const { group } = detail
  const toGroup = () => navigate({ to: '/dashboard/groups/$id/', params: { id: group.id } })
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <Link
        to="/dashboard/groups/$id/"
        params={{ id: group.id }}
        className="inline-flex items-center gap-1.5 justify-self-start text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
      >
        <ArrowLeft aria-hidden size={16} />
        <GroupIcon icon={group.icon} color={group.color} size={14} />
        {t('library.add.back', { group: group.name })}
      </Link>
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {t('library.add.title', { group: group.name })}
        </h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('library.add.intro')}</p>
      </div>
      {detail.role === 'viewer' ? (
        <FormAlert tone="info">{t('library.add.viewOnly')}</FormAlert>
      ) : (
        <AddChannelsForm
          groupId={group.id}
          groupName={group.name}
          onDone={toGroup}
          fromLibrary={detail.role === 'owner'}
        />
      )}
    </div>
  )
}

/** Paste links or handles, pick from the library, or add an anime by its Crunchyroll link. */
export function AddChannelsForm(props: {
  groupId: string
  groupName: string
  /** After something was added (e.g. go back to the group). */
  onDone: () => void
  /** "From your library" (default on): own entries only fit own groups (a shared group holds the owner's). */
  fromLibrary?: boolean
}) {
  const { t } = useI18n()
  const tabClass = cn(
    'rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300',
    'data-[state=active]:bg-primary-soft data-[state=active]:text-primary-strong',
    'dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-white',
  )
  return (
    <Tabs.Root defaultValue="paste" className="grid gap-6">
      <Tabs.List
        aria-label={t('library.add.tabs')}
        className="flex flex-wrap gap-1 justify-self-start rounded-lg border border-zinc-200 p-1 dark:border-zinc-800"
      >
        <Tabs.Trigger value="paste" className={tabClass}>
          {t('library.add.tab.paste')}
        </Tabs.Trigger>
        {props.fromLibrary === false ? null : (
          <Tabs.Trigger value="library" className={tabClass}>
            {t('library.add.tab.library')}
          </Tabs.Trigger>
        )}
        <Tabs.Trigger value="anime" className={tabClass}>
          {t('library.add.tab.anime')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="paste">
        <PasteChannels groupId={props.groupId} groupName={props.groupName} onAdded={props.onDone} />
      </Tabs.Content>
      {props.fromLibrary === false ? null : (
        <Tabs.Content value="library">
          <FromLibrary groupId={props.groupId} groupName={props.groupName} onAdded={props.onDone} />
        </Tabs.Content>
      )}
      <Tabs.Content value="anime">
        <AddAnimeSection
          groupId={props.groupId}
          groupName={props.groupName}
          onAdded={props.onDone}
        />
      </Tabs.Content>
    </Tabs.Root>
  )
}
