import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useId, useMemo } from 'react'

/**
 * Icons drawn once and reused by reference, for icons repeated on every row
 * of a list: a lucide icon is an `<svg>` with up to a dozen shapes, a `<use>`
 * of it two elements. Render `sprite` once, on the same page as the icons.
 * `icons` should be a module constant: the result is kept while it stays the same.
 */
export function useIconSprite<Name extends string>(
  icons: Record<Name, LucideIcon>,
): { sprite: ReactNode; icon: (name: Name, size?: number) => ReactNode } {
  const prefix = useSpritePrefix()
  return useMemo(() => {
    const entries: [string, LucideIcon][] = Object.entries(icons)
    return {
      sprite: (
        <SpriteDefs>
          {entries.map(([name, Icon]) => (
            <Icon key={name} id={`${prefix}${name}`} />
          ))}
        </SpriteDefs>
      ),
      icon: (name, size = 16) => <SpriteUse href={`#${prefix}${name}`} size={size} />,
    }
  }, [prefix, icons])
}

/** A prefix for one sprite's ids, unique on the page. */
function useSpritePrefix(): string {
  // useId's characters are not all safe in a URL fragment.
  return `sprite${useId().replace(/[^\w-]/g, '')}-`
}

/** The hidden `<svg>` holding a sprite's drawings, each with an id its `<use>`s refer to. */
function SpriteDefs(props: { children: ReactNode }) {
  return (
    <svg aria-hidden width={0} height={0} className="absolute overflow-hidden">
      <defs>{props.children}</defs>
    </svg>
  )
}

/** One icon of a sprite on the page, by its fragment (`#id`); decorative. */
function SpriteUse(props: { href: string; size: number }) {
  return (
    <svg aria-hidden width={props.size} height={props.size}>
      <use href={props.href} width="100%" height="100%" />
    </svg>
  )
}
