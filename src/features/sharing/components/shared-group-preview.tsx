import { Link } from '@tanstack/react-router'
import { LogIn, UserPlus } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { GroupIcon } from '~/features/groups/components/group-icon'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useCountSummary } from '~/lib/i18n/use-plural'
import type { PreviewItem, SharedGroupFace, SharePreview } from '../sharing.schemas'

/** The frame of the public sharing pages (share link, invitation): one centred column. */
export function PublicSharingMain(props: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12 sm:px-6">
      {props.children}
    </main>
  )
}

/** Sign in or create an account, coming back to `redirect` afterwards. */
export function GuestLinks(props: { redirect: string; signInLabel?: string }) {
  const { t } = useI18n()
  return (
    <div className="flex flex-wrap gap-3">
      <Link to="/login/" search={{ redirect: props.redirect }} className={buttonClassName()}>
        <LogIn aria-hidden size={16} />
        {props.signInLabel ?? t('sharing.page.signInToJoin')}
      </Link>
      <Link
        to="/register/"
        search={{ redirect: props.redirect }}
        className={buttonClassName('secondary')}
      >
        <UserPlus aria-hidden size={16} />
        {t('sharing.page.createAccount')}
      </Link>
    </div>
  )
}

/** A titled card with a short text and actions: sign-in prompts and "not available" screens. */
export function SharingNotice(props: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase dark:text-(--accent-300)">
        {props.eyebrow}
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
      {props.children}
    </section>
  )
}

/** Previews carry no ids: keys from a readable value, numbered when it repeats. */
function withKeys<T>(list: readonly T[], base: (item: T) => string) {
  const seen = new Map<string, number>()
  return list.map((item) => {
    const value = base(item)
    const count = seen.get(value) ?? 0
    seen.set(value, count + 1)
    return { key: count === 0 ? value : `${value}#${count}`, item }
  })
}

/**
 * A shared group as a visitor sees it before joining: icon, name, counts,
 * description, then the page's own text and actions, then the first items
 * and subgroups when the preview has them. Never an id or an email.
 */
export function SharedGroupPreview(props: {
  eyebrow: string
  title: string
  subtitle: string
  group: SharedGroupFace
  items?: PreviewItem[]
  subgroups?: SharePreview['subgroups']
  children: ReactNode
}) {
  const { t, formatNumber } = useI18n()
  const summary = useCountSummary()
  const { group } = props
  const counts = summary(group)
  const items = props.items ?? []
  const subgroups = props.subgroups ?? []
  const more = group.channelCount + group.animeCount - items.length

  return (
    <article className="grid gap-6 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
      <header className="grid gap-4">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase dark:text-(--accent-300)">
          {props.eyebrow}
        </p>
        <div className="flex items-start gap-4">
          <GroupIcon icon={group.icon} color={group.color} size={32} variant="tile" />
          <div className="grid min-w-0 gap-1">
            <h1 className="text-3xl font-bold tracking-tight break-words">{props.title}</h1>
            <p className="text-zinc-700 dark:text-zinc-300">{props.subtitle}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {counts || t('library.group.empty')}
            </p>
          </div>
        </div>
        {group.description ? (
          <p className="max-w-prose whitespace-pre-line text-zinc-700 dark:text-zinc-300">
            {group.description}
          </p>
        ) : null}
      </header>
      {props.children}
      {items.length > 0 ? (
        <section aria-labelledby="preview-items-title" className="grid gap-3">
          <h2 id="preview-items-title" className="text-lg font-semibold">
            {t('sharing.page.itemsTitle')}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {withKeys(items, (item) => `${item.kind}:${item.title}`).map(({ key, item }) => (
              <li
                key={key}
                className="flex min-w-0 items-center gap-3 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800"
              >
                <EntryAvatar
                  id={`${item.kind}:${item.title}`}
                  title={item.title}
                  imageUrl={item.imageUrl}
                  kind={item.kind}
                  size="sm"
                />
                <span className="truncate text-sm">{item.title}</span>
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {t('sharing.page.more', { count: formatNumber(more) })}
            </p>
          ) : null}
        </section>
      ) : null}
      {subgroups.length > 0 ? (
        <section aria-labelledby="preview-subgroups-title" className="grid gap-3">
          <h2 id="preview-subgroups-title" className="text-lg font-semibold">
            {t('sharing.page.subgroupsTitle')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {withKeys(subgroups, (subgroup) => subgroup.name).map(({ key, item: subgroup }) => (
              <li
                key={key}
                className="inline-flex items-center gap-1.5 rounded-full border border-zinc-200 px-3 py-1 text-sm dark:border-zinc-800"
              >
                <GroupIcon icon={subgroup.icon} color={subgroup.color} size={14} />
                {subgroup.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  )
}
