import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { groupDetailQuery } from '../groups.queries'
import { GroupIcon } from './group-icon'

/** A group's direct subgroups as tiles, with what each holds below it. */
export function SubgroupTiles(props: { groupId: string }) {
  const { t } = useI18n()
  const plural = usePlural()
  const { data: detail } = useSuspenseQuery(groupDetailQuery(props.groupId))
  if (detail.children.length === 0) return null
  return (
    <section aria-labelledby="subgroups-title" className="grid gap-3">
      <h2 id="subgroups-title" className="text-lg font-semibold">
        {t('library.group.subgroupsTitle')}
      </h2>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-3">
        {detail.children.map((child) => (
          <li key={child.id}>
            <Link
              to="/dashboard/groups/$id/"
              params={{ id: child.id }}
              className="flex h-full items-center gap-3 rounded-xl border border-zinc-200 p-3 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
            >
              <GroupIcon icon={child.icon} color={child.color} size={20} variant="tile" />
              <span className="grid min-w-0">
                <span className="truncate font-medium">{child.name}</span>
                <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                  {plural(
                    { one: 'library.group.items.one', other: 'library.group.items.other' },
                    child.totalCount,
                  )}
                  {child.subgroupCount > 0
                    ? ` · ${plural(
                        {
                          one: 'library.group.subgroups.one',
                          other: 'library.group.subgroups.other',
                        },
                        child.subgroupCount,
                      )}`
                    : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
