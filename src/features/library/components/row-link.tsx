import { useRouter } from '@tanstack/react-router'
import type { ComponentProps } from 'react'

type RowPath =
  | '/dashboard/groups/$id/'
  | '/dashboard/channels/$id/'
  | '/dashboard/channels/edit/$id/'
  | '/dashboard/channels/change-group/$id/'
  | '/dashboard/animes/edit/$id/'
  | '/dashboard/animes/change-group/$id/'

/**
 * A plain link for rows: the router's <Link> resolves its location on every
 * render, which adds up over a list redrawn on each keystroke. This one
 * builds the href by hand, navigates client-side and preloads on intent.
 */
export function RowLink({
  to,
  id,
  ...props
}: { to: RowPath; id: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const router = useRouter()
  const params = { id }
  return (
    <a
      {...props}
      href={to.replace('$id', encodeURIComponent(id))}
      onMouseEnter={() => void router.preloadRoute({ to, params }).catch(() => undefined)}
      onClick={(event) => {
        props.onClick?.(event)
        const plain = !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        if (event.defaultPrevented || event.button !== 0 || !plain) return
        event.preventDefault()
        void router.navigate({ to, params })
      }}
    />
  )
}
