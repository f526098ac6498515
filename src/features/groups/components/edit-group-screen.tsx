import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { MoveRight, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonClassName } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { groupDetailQuery, groupTreeQuery, useUpdateGroup } from '../groups.queries'
import type { GroupDetail } from '../groups.schemas'
import { DeleteGroupDialog } from './delete-group-dialog'
import { GroupForm, type GroupFormValues } from './group-form'
import { GroupIcon } from './group-icon'
import { MoveGroupDialog } from './move-group-dialog'

type Base = { version: number; values: GroupFormValues }

function baseOf(detail: GroupDetail): Base {
  const { group } = detail
  return {
    version: group.version,
    values: {
      name: group.name,
      description: group.description,
      icon: group.icon,
      color: group.color,
    },
  }
}

/**
 * `/dashboard/groups/{id}/edit/`: the group's fields, plus Move and Delete.
 * The form keeps the version it was loaded at, so a change made elsewhere in
 * the meantime is refused (STALE_VERSION) rather than overwritten; "Reload"
 * starts over from the latest version.
 */
export function EditGroupScreen(props: { id: string }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const detailQuery = useSuspenseQuery(groupDetailQuery(props.id))
  const { data: tree } = useSuspenseQuery(groupTreeQuery())
  const detail = detailQuery.data
  const update = useUpdateGroup()
  const [base, setBase] = useState(() => baseOf(detail))
  const [formKey, setFormKey] = useState(0)
  const [reloading, setReloading] = useState(false)
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null)
  const { group, ancestors } = detail
  const parentId = ancestors.at(-1)?.id ?? null

  const reload = async () => {
    setReloading(true)
    try {
      const fresh = await detailQuery.refetch()
      if (fresh.data) setBase(baseOf(fresh.data))
      update.reset()
      setFormKey((key) => key + 1)
    } finally {
      setReloading(false)
    }
  }

  // The route refuses these; a role changed while the page is open lands here.
  if (detail.role === 'viewer' || !detail.canRestructure) {
    return (
      <div className="mx-auto grid max-w-2xl gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{group.name}</h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('groups.edit.viewOnly')}</p>
      </div>
    )
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-8">
      <header className="grid gap-2">
        <nav aria-label={t('groups.edit.breadcrumbs')}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
            <li>
              <Link to="/dashboard/groups/" className="hover:underline">
                {t('groups.tree.title')}
              </Link>
            </li>
            {[
              ...ancestors,
              { id: group.id, name: group.name, icon: group.icon, color: group.color },
            ].map((crumb) => (
              <li key={crumb.id} className="flex items-center gap-1">
                <span aria-hidden>›</span>
                <Link
                  to="/dashboard/groups/$id/"
                  params={{ id: crumb.id }}
                  className="inline-flex items-center gap-1 hover:underline"
                >
                  <GroupIcon
                    icon={crumb.icon}
                    color={crumb.color}
                    defaultIcon={tree.settings.defaultIcon}
                    defaultColor={tree.settings.defaultColor}
                    size={14}
                  />
                  {crumb.name}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="text-3xl font-bold tracking-tight">
          {t('groups.edit.title', { name: group.name })}
        </h1>
      </header>
      <GroupForm
        key={formKey}
        initial={base.values}
        defaults={{ icon: tree.settings.defaultIcon, color: tree.settings.defaultColor }}
        pending={update.isPending}
        error={update.error}
        onReload={reload}
        reloading={reloading}
        submitLabel={t('groups.edit.submit')}
        pendingLabel={t('groups.edit.busy')}
        onSubmit={(values) =>
          update.mutate(
            {
              id: group.id,
              version: base.version,
              name: values.name,
              description: values.description,
              icon: values.icon,
              color: values.color,
            },
            {
              onSuccess: () => navigate({ to: '/dashboard/groups/$id/', params: { id: group.id } }),
            },
          )
        }
        actions={
          <Link
            to="/dashboard/groups/$id/"
            params={{ id: group.id }}
            className={buttonClassName('secondary', 'md')}
          >
            {t('groups.common.cancel')}
          </Link>
        }
      />
      {detail.canRestructure ? (
        <section
          aria-labelledby="group-place-title"
          className="grid gap-3 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
        >
          <h2 id="group-place-title" className="text-lg font-semibold">
            {t('groups.edit.placeTitle')}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {ancestors.length > 0
              ? t('groups.edit.placeIn', { path: ancestors.map((crumb) => crumb.name).join(' › ') })
              : t('groups.edit.placeTop')}
          </p>
          <Button
            variant="secondary"
            className="justify-self-start"
            onClick={() => setDialog('move')}
          >
            <MoveRight aria-hidden size={16} />
            {t('groups.menu.move')}
          </Button>
        </section>
      ) : null}
      {detail.canRestructure ? (
        <section
          aria-labelledby="group-delete-title"
          className="grid gap-3 rounded-2xl border border-red-300 p-6 dark:border-red-900"
        >
          <h2 id="group-delete-title" className="text-lg font-semibold">
            {t('groups.edit.deleteTitle')}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('groups.edit.deleteHint')}</p>
          <Button
            variant="danger"
            className="justify-self-start"
            onClick={() => setDialog('delete')}
          >
            <Trash2 aria-hidden size={16} />
            {t('groups.edit.deleteButton')}
          </Button>
        </section>
      ) : null}
      {detail.canRestructure ? (
        <MoveGroupDialog
          group={{ id: group.id, name: group.name, parentId, version: group.version }}
          shared={detail.role !== 'owner'}
          open={dialog === 'move'}
          onOpenChange={(open) => setDialog(open ? 'move' : null)}
        />
      ) : null}
      <DeleteGroupDialog
        group={group}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        onDeleted={() =>
          parentId
            ? navigate({ to: '/dashboard/groups/$id/', params: { id: parentId } })
            : navigate({ to: '/dashboard/groups/' })
        }
      />
    </div>
  )
}
