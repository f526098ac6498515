import { useState } from 'react'
import { hueOf, initials } from '~/lib/avatar'
import { cn } from '~/lib/cn'

/** Channels are round; anime posters keep their 2:3 shape at the same height. */
const SIZES = {
  channel: { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-20 text-xl' },
  anime: { sm: 'h-8 w-6 text-[0.625rem]', md: 'h-10 w-7 text-xs', lg: 'h-30 w-20 text-xl' },
} as const

/**
 * A channel's round avatar or an anime's poster. Images come from YouTube's
 * and AniList's CDNs: lazy, no referrer, and initials on a colour derived
 * from the id when there is no image or it fails to load.
 */
export function EntryAvatar(props: {
  id: string
  title: string
  imageUrl: string | null
  kind: 'channel' | 'anime'
  size?: 'sm' | 'md' | 'lg'
  className?: string
}) {
  const { id, title, imageUrl, kind, size = 'md' } = props
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const box = cn(
    SIZES[kind][size],
    'shrink-0 overflow-hidden',
    kind === 'anime' ? 'rounded-md' : 'rounded-full',
    props.className,
  )
  if (imageUrl && failedUrl !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(imageUrl)}
        className={cn(box, 'bg-zinc-100 object-cover dark:bg-zinc-800')}
      />
    )
  }
  const hue = hueOf(id)
  return (
    <span
      aria-hidden
      style={{ backgroundColor: `hsl(${hue} 55% 30%)` }}
      className={cn(box, 'grid place-items-center font-semibold text-white select-none')}
    >
      {initials(title)}
    </span>
  )
}
