import { useMatch } from '@tanstack/react-router'
import { Activity, type ReactNode, useEffect, useMemo, useState } from 'react'
import type { EntryKind } from '~/db/schema'
import { markScreenReady, useRevealingScreen } from '~/lib/reveal-ahead'
import { useLibraryScreenCached } from '../library.queries'
import { LibraryScreen } from './library-screen'

const CHANNELS = '/dashboard/channels/'
const ANIMES = '/dashboard/animes/'

/**
 * The library screens, drawn by the dashboard layout (their routes draw
 * nothing) so they can be rendered ahead of the click: once a screen's first
 * page of data is cached (the shell warms it when idle, a link's hover
 * preloads it), React renders the screen hidden, at idle priority. The nav
 * link's click shows it at once and hides `children` (the layout's outlet)
 * until the router arrives (decisions 0030, 0031).
 */
export function KeptLibraryScreens(props: { children: ReactNode }) {
  const channels = useMatch({ from: CHANNELS, shouldThrow: false })
  const animes = useMatch({ from: ANIMES, shouldThrow: false })
  const revealing = useRevealingScreen()
  return (
    <>
      <div className="contents" hidden={revealing === CHANNELS || revealing === ANIMES}>
        {props.children}
      </div>
      <KeptLibraryScreen
        kind="channel"
        to={CHANNELS}
        shown={channels?.status === 'success' || revealing === CHANNELS}
      />
      <KeptLibraryScreen
        kind="anime"
        to={ANIMES}
        shown={animes?.status === 'success' || revealing === ANIMES}
      />
    </>
  )
}

/** The library routes' component: `KeptLibraryScreens` draws their screen. */
export function LibraryRouteSlot() {
  return null
}

function KeptLibraryScreen(props: { kind: EntryKind; to: string; shown: boolean }) {
  const cached = useLibraryScreenCached(props.kind)
  const ahead = !props.shown && cached
  useEffect(() => (ahead ? markScreenReady(props.to) : undefined), [ahead, props.to])
  // Each visit gets a fresh screen: search, selection and dialogs never carry over.
  const [visit, setVisit] = useState(0)
  const [wasShown, setWasShown] = useState(props.shown)
  if (wasShown !== props.shown) {
    setWasShown(props.shown)
    if (!props.shown) setVisit(visit + 1)
  }
  // The same element: the click changes the screen's visibility, not its render.
  const screen = useMemo(() => <LibraryScreen key={visit} kind={props.kind} />, [props.kind, visit])
  if (!props.shown && !ahead) return null
  return <Activity mode={props.shown ? 'visible' : 'hidden'}>{screen}</Activity>
}
