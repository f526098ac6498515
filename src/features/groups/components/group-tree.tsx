import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FolderPlus, FolderTree, Plus, Upload } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { groupTreeQuery } from '../groups.queries'
import type { RowBadge } from './group-tree-row'
import { GroupTreeView } from './group-tree-view'
import { preloadIcons } from './lucide-icons'

/**
 * `/dashboard/groups/`: the whole tree, virtualised, as an ARIA treeview.
 * Arrow keys browse, Alt+arrows move the focused group, rows drag and drop
 * (before / inside / after), and every change shows at once. The route fills
 * what other domains add: `toolbar` (e.g. export) and `rowBadge`.
 */
export function GroupTreeScreen(props: { toolbar?: ReactNode; rowBadge?: RowBadge }) {
  const { t } = useI18n()
  const { data: tree } = useSuspenseQuery(groupTreeQuery())
  const nodes = tree.groups

  useEffect(() => {
    void preloadIcons([tree.settings.defaultIcon, ...nodes.map((node) => node.icon)])
  }, [nodes, tree.settings.defaultIcon])

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('groups.tree.title')}</h1>
          <p className="text-zinc-700 dark:text-zinc-300">{t('groups.tree.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/import/" className={buttonClassName('secondary', 'md')}>
            <Upload aria-hidden size={16} />
            {t('transfer.import.link')}
          </Link>
          {props.toolbar}
          {nodes.length > 0 ? (
            <Link to="/dashboard/groups/new/" className={buttonClassName('primary', 'md')}>
              <Plus aria-hidden size={16} />
              {t('groups.tree.new')}
            </Link>
          ) : null}
        </div>
      </header>
      {nodes.length === 0 ? (
        <EmptyTree />
      ) : (
        <GroupTreeView
          nodes={nodes}
          settings={tree.settings}
          maxDepth={tree.maxDepth}
          rowBadge={props.rowBadge}
        />
      )}
    </div>
  )
}

function EmptyTree() {
  const { t } = useI18n()
  return (
    <section
      aria-labelledby="groups-empty-title"
      className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700"
    >
      <FolderTree aria-hidden size={40} className="text-primary" />
      <h2 id="groups-empty-title" className="text-xl font-semibold">
        {t('groups.empty.title')}
      </h2>
      <p className="max-w-md text-zinc-700 dark:text-zinc-300">{t('groups.empty.body')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/dashboard/groups/new/" className={buttonClassName('primary', 'md')}>
          <FolderPlus aria-hidden size={16} />
          {t('groups.empty.create')}
        </Link>
        <Link to="/dashboard/import/" className={buttonClassName('secondary', 'md')}>
          <Upload aria-hidden size={16} />
          {t('transfer.import.overview')}
        </Link>
      </div>
    </section>
  )
}
