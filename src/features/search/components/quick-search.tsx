import { Search } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'

const loadBody = () => import('./quick-search-body')
const QuickSearchBody = lazy(loadBody)

const noSubscription = () => () => {}
/** Apple keyboards say ⌘; known only in the browser, so the server draws "Ctrl". */
function useApplePlatform(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform),
    () => false,
  )
}

/**
 * The header's search button, the Ctrl/Cmd+K shortcut and the dialog's
 * frame. What fills it loads when the pointer or focus reaches the button,
 * or on the first press.
 */
export function QuickSearch(props: { userId: string }) {
  const { t } = useI18n()
  const apple = useApplePlatform()
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return
      if (!(event.ctrlKey || event.metaKey)) return
      event.preventDefault()
      setOpen((was) => !was)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        onClick={() => {
          setOpen(true)
        }}
        className="gap-2 max-sm:px-2"
        data-quick-search-button
      >
        <Search aria-hidden size={16} />
        <span className="max-sm:sr-only">{t('search.open')}</span>
        <kbd
          aria-hidden
          className="hidden rounded border border-zinc-300 px-1.5 font-sans text-xs text-zinc-700 md:inline dark:border-zinc-600 dark:text-zinc-300"
        >
          {apple ? '⌘K' : 'Ctrl K'}
        </kbd>
      </Button>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
          <DialogPrimitive.Content
            data-quick-search
            className="fixed top-[10vh] left-1/2 z-50 flex max-h-[80vh] w-[calc(100vw-1rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
          >
            <DialogPrimitive.Title className="sr-only">{t('search.title')}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              {t('search.description')}
            </DialogPrimitive.Description>
            <Suspense
              fallback={
                <p className="px-5 py-4 text-sm text-zinc-700 dark:text-zinc-300">
                  {t('search.searching')}
                </p>
              }
            >
              <QuickSearchBody userId={props.userId} close={() => setOpen(false)} />
            </Suspense>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  )
}
