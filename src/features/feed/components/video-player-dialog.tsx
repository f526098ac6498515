import { ExternalLink } from 'lucide-react'
import { buttonClassName } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { type FeedVideo, youtubeEmbedUrl, youtubeWatchUrl } from '../feed.schemas'

/** The privacy-enhanced embedded player, with a way out to YouTube itself. */
export function VideoPlayerDialog(props: {
  video: FeedVideo | null
  onOpenChange: (open: boolean) => void
}) {
  const { t, formatDate } = useI18n()
  const { video } = props
  return (
    <Dialog open={video !== null} onOpenChange={props.onOpenChange}>
      {/* max-w-4xl! : the primitive's max-w-lg would win the cascade (no tailwind-merge). */}
      {video ? (
        <DialogContent className="max-w-4xl! gap-3 p-4 sm:p-6">
          <DialogTitle className="pr-2 text-lg font-semibold">{video.title}</DialogTitle>
          <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('feed.player.channel', {
              channel: video.channelTitle,
              date: formatDate(new Date(video.publishedAt)),
            })}
          </DialogDescription>
          <div
            className={
              video.isShort
                ? 'mx-auto aspect-[9/16] max-h-[70vh] w-full max-w-sm overflow-hidden rounded-lg bg-black'
                : 'aspect-video w-full overflow-hidden rounded-lg bg-black'
            }
          >
            <iframe
              src={youtubeEmbedUrl(video.id)}
              title={t('feed.player.frameTitle', { title: video.title })}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              className="size-full border-0"
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <a
              href={youtubeWatchUrl(video.id, video.isShort)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName('secondary', 'md')}
            >
              <ExternalLink aria-hidden size={16} />
              {t('feed.player.openOnYouTube')}
            </a>
            <DialogClose className={buttonClassName('primary', 'md')}>
              {t('feed.player.close')}
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
