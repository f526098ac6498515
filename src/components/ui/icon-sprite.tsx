import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useId, useMemo } from 'react'

/**
 * For icons repeated on every row: a lucide icon has up to a dozen shapes, a `<use>` two elements.
 * Render `sprite` once on the same page; `icons` should be a module constant.
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

function useSpritePrefix(): string {
  // useId's characters are not all safe in a URL fragment.
  return `sprite${useId().replace(/[^\w-]/g, '')}-`
}

function SpriteDefs(props: { children: ReactNode }) {
  return (
    <svg aria-hidden width={0} height={0} className="absolute overflow-hidden">
      <defs>{props.children}</defs>
    </svg>
  )
}

function SpriteUse(props: { href: string; size: number }) {
  return (
    <svg aria-hidden width={props.size} height={props.size}>
      <use href={props.href} width="100%" height="100%" />
    </svg>
  )
}
