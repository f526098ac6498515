import { useQuery, useQueryClient } from '@tanstack/react-query'
import { cn } from '~/lib/cn'
import { groupSettingsQuery, groupTreeQuery } from '../groups.queries'
import type { GroupColor } from '../groups.schemas'
import {
  FALLBACK_COLOR,
  FALLBACK_ICON,
  type ParsedIcon,
  parseIcon,
  useLucideIcon,
} from './lucide-icons'

/** Text colours pass WCAG 3:1 for graphics (4.5:1 for text) on tile and page backgrounds in both themes. */
export const GROUP_COLOR_CLASSES: Record<
  GroupColor,
  { text: string; tile: string; swatch: string }
> = {
  slate: {
    text: 'text-slate-700 dark:text-slate-300',
    tile: 'bg-slate-100 dark:bg-slate-800',
    swatch: 'bg-slate-600',
  },
  red: {
    text: 'text-red-700 dark:text-red-300',
    tile: 'bg-red-50 dark:bg-red-950',
    swatch: 'bg-red-600',
  },
  orange: {
    text: 'text-orange-800 dark:text-orange-300',
    tile: 'bg-orange-50 dark:bg-orange-950',
    swatch: 'bg-orange-600',
  },
  amber: {
    text: 'text-amber-800 dark:text-amber-300',
    tile: 'bg-amber-50 dark:bg-amber-950',
    swatch: 'bg-amber-500',
  },
  green: {
    text: 'text-green-700 dark:text-green-300',
    tile: 'bg-green-50 dark:bg-green-950',
    swatch: 'bg-green-600',
  },
  teal: {
    text: 'text-teal-700 dark:text-teal-300',
    tile: 'bg-teal-50 dark:bg-teal-950',
    swatch: 'bg-teal-600',
  },
  blue: {
    text: 'text-blue-700 dark:text-blue-300',
    tile: 'bg-blue-50 dark:bg-blue-950',
    swatch: 'bg-blue-600',
  },
  indigo: {
    text: 'text-indigo-700 dark:text-indigo-300',
    tile: 'bg-indigo-50 dark:bg-indigo-950',
    swatch: 'bg-indigo-600',
  },
  purple: {
    text: 'text-purple-700 dark:text-purple-300',
    tile: 'bg-purple-50 dark:bg-purple-950',
    swatch: 'bg-purple-600',
  },
  pink: {
    text: 'text-pink-700 dark:text-pink-300',
    tile: 'bg-pink-50 dark:bg-pink-950',
    swatch: 'bg-pink-600',
  },
}

/** From whichever of the settings or tree queries is cached; never fetches. A list asks once for its glyphs. */
export function useGroupIconDefaults(): { icon: string | null; color: GroupColor | null } {
  const queryClient = useQueryClient()
  const { data: settings } = useQuery({ ...groupSettingsQuery(), enabled: false })
  const fallback = settings ?? queryClient.getQueryData(groupTreeQuery().queryKey)?.settings
  return { icon: fallback?.defaultIcon ?? null, color: fallback?.defaultColor ?? null }
}

export type GroupIconProps = {
  /** The stored value: `lucide:<name>`, `emoji:<chars>` or null. */
  icon: string | null
  color: GroupColor | null
  /** Used when `icon` / `color` is null. Omitted: `GroupIcon` reads the cached settings, `GroupGlyph` folder / blue. */
  defaultIcon?: string | null
  defaultColor?: GroupColor | null
  size?: number
  /** `tile` draws a soft coloured square behind the glyph. */
  variant?: 'plain' | 'tile'
  className?: string
  /** An accessible name; without one the icon is decorative (aria-hidden). */
  label?: string
}

function resolveGlyph(icon: string | null, defaultIcon?: string | null): ParsedIcon {
  return parseIcon(icon) ?? parseIcon(defaultIcon) ?? parseIcon(FALLBACK_ICON)
}

/** A group's icon in its colour, the user's defaults filling in what it leaves unset. */
export function GroupIcon(props: GroupIconProps) {
  const cached = useGroupIconDefaults()
  return (
    <GroupGlyph
      {...props}
      defaultIcon={props.defaultIcon ?? cached.icon}
      defaultColor={props.defaultColor ?? cached.color}
    />
  )
}

/** Only the defaults it is given. Lucide glyphs load lazily but keep their box, so rows never shift. */
export function GroupGlyph(props: GroupIconProps) {
  const size = props.size ?? 18
  const color = props.color ?? props.defaultColor ?? FALLBACK_COLOR
  const parsed = resolveGlyph(props.icon, props.defaultIcon)
  const Icon = useLucideIcon(parsed?.kind === 'lucide' ? parsed.name : null)
  const classes = GROUP_COLOR_CLASSES[color]
  const className = cn(
    'inline-grid shrink-0 place-items-center leading-none',
    classes.text,
    props.variant === 'tile' && cn('rounded-md p-1', classes.tile),
    props.className,
  )
  const glyph =
    parsed?.kind === 'emoji' ? (
      <span
        className="grid place-items-center"
        style={{ width: size, height: size, fontSize: size * 0.9 }}
      >
        {parsed.chars}
      </span>
    ) : Icon ? (
      <Icon size={size} aria-hidden />
    ) : (
      <span className="block" style={{ width: size, height: size }} />
    )
  return props.label ? (
    <span role="img" aria-label={props.label} className={className}>
      {glyph}
    </span>
  ) : (
    <span aria-hidden className={className}>
      {glyph}
    </span>
  )
}
