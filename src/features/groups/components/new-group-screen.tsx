import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { buttonClassName } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { groupDetailQuery, groupTreeQuery, useCreateGroup } from '../groups.queries'
import { idSchema } from '../groups.schemas'
import { GroupForm } from './group-form'

/** A `?parentId=` outside the user's tree: a shared group where they may add subgroups, else nothing. */
function useSharedParent(id: string | undefined) {
  const valid = id !== undefined && idSchema.safeParse(id).success
  const { data } = useQuery({ ...groupDetailQuery(id ?? ''), enabled: valid })
  return valid && data && data.role !== 'viewer' ? data.group : undefined
}

/** Waits for the server (the new id), then opens the new group. */
export function NewGroupScreen(props: { parentId?: string }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const { data: tree } = useSuspenseQuery(groupTreeQuery())
  const create = useCreateGroup()
  const own = props.parentId ? tree.groups.find((node) => node.id === props.parentId) : undefined
  const shared = useSharedParent(own ? undefined : props.parentId)
  const parent = own ?? shared
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('groups.new.title')}</h1>
        <p className="text-zinc-700 dark:text-zinc-300">
          {parent ? t('groups.new.subtitleIn', { parent: parent.name }) : t('groups.new.subtitle')}
        </p>
      </header>
      <GroupForm
        initial={{ name: '', description: '', icon: null, color: null }}
        defaults={{ icon: tree.settings.defaultIcon, color: tree.settings.defaultColor }}
        // Another owner's tree is not the user's to browse: a shared parent stays fixed.
        parent={
          shared
            ? undefined
            : { nodes: tree.groups, initialId: own?.id ?? null, maxDepth: tree.maxDepth }
        }
        pending={create.isPending}
        error={create.error}
        submitLabel={t('groups.new.submit')}
        pendingLabel={t('groups.new.busy')}
        onSubmit={(values) =>
          create.mutate(shared ? { ...values, parentId: shared.id } : values, {
            onSuccess: (group) =>
              navigate({ to: '/dashboard/groups/$id/', params: { id: group.id } }),
          })
        }
        actions={
          <Link
            to={parent ? '/dashboard/groups/$id/' : '/dashboard/groups/'}
            params={parent ? { id: parent.id } : {}}
            className={buttonClassName('secondary', 'md')}
          >
            {t('groups.common.cancel')}
          </Link>
        }
      />
    </div>
  )
}
