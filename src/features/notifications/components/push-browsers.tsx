import { useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { pushBrowsersQuery, useRemovePushBrowser } from '../notifications.queries'
import type { PushBrowser } from '../notifications.schemas'
import { currentPushEndpoint, unsubscribeThisBrowser } from './browser-push'

/**
 * The browsers that get the reader's pushes, "this browser" marked; removing
 * one stops its pushes, and removing this one also ends its subscription here.
 */
export function PushBrowsers() {
  const { t, formatDate } = useI18n()
  const errorText = useErrorText()
  const { data: browsers } = useSuspenseQuery(pushBrowsersQuery())
  const remove = useRemovePushBrowser()
  const [here, setHere] = useState<string | null>(null)

  // Known only in the browser, after hydration; asked again whenever the list changes
  // (this browser may just have subscribed, or been removed).
  const listed = browsers.map((browser) => browser.id).join()
  useEffect(() => {
    if (listed === '') {
      setHere(null)
      return
    }
    let live = true
    void currentPushEndpoint().then((endpoint) => {
      if (live) setHere(endpoint)
    })
    return () => {
      live = false
    }
  }, [listed])

  function nameOf(browser: PushBrowser): string {
    if (browser.browser && browser.os) {
      return t('notify.browsers.name', { browser: browser.browser, os: browser.os })
    }
    return browser.browser ?? browser.os ?? t('notify.browsers.unknown')
  }

  async function removeOne(browser: PushBrowser) {
    await remove.mutateAsync(browser.id)
    if (browser.endpoint === here) await unsubscribeThisBrowser()
  }

  if (browsers.length === 0) {
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('notify.browsers.empty')}</p>
  }
  return (
    <div className="grid gap-3">
      {remove.isError ? <FormAlert tone="error">{errorText(remove.error)}</FormAlert> : null}
      <ul className="grid gap-2">
        {browsers.map((browser) => {
          const name = nameOf(browser)
          return (
            <li
              key={browser.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
            >
              <div className="grid min-w-40 flex-1 gap-0.5">
                <span className="font-medium">
                  {name}
                  {browser.endpoint === here ? (
                    <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-normal text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                      {t('notify.browsers.this')}
                    </span>
                  ) : null}
                </span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {t('notify.browsers.added', { date: formatDate(new Date(browser.createdAt)) })}
                </span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('notify.browsers.removeNamed', { name })}
                onClick={() => void removeOne(browser).catch(() => undefined)}
              >
                {t('notify.browsers.remove')}
              </Button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
