import { useMatch } from '@tanstack/react-router'
import { Activity, type ReactNode, useEffect, useMemo } from 'react'
import type { EntryKind } from '~/db/schema'
import { markScreenReady, useNavIntent, useRevealingScreen } from '~/lib/nav-intent'
import { useLibraryScreenCached } from '../library.queries'
import { LibraryScreen } from './library-screen'

const CHANNELS = '/dashboard/channels/'
const ANIMES = '/dashboard/animes/'

/**
 * The library screens, drawn by the dashboard layout (their routes draw
 * nothing) so they can be rendered ahead of the click: while the pointer
 * rests on the nav link and the link's preload has cached the first screen,
 * React renders the screen hidden, at idle priority. The click shows it at
 * once and hides `children` (the layout's outlet) until the router arrives.
 */
export function KeptLibraryScreens(props: { children: ReactNode }) {
  const channels = useMatch({ from: CHANNELS, shouldThrow: false })
  const animes = useMatch({ from: ANIMES, shouldThrow: false })
  const intent = useNavIntent()
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
        intended={intent === CHANNELS}
      />
      <KeptLibraryScreen
        kind="anime"
        to={ANIMES}
        shown={animes?.status === 'success' || revealing === ANIMES}
        intended={intent === ANIMES}
      />
    </>
  )
}

/** The library routes' component: `KeptLibraryScreens` draws their screen. */
export function LibraryRouteSlot() {
  return null
}

function KeptLibraryScreen(props: {
  kind: EntryKind
  to: string
  shown: boolean
  intended: boolean
}) {
  const cached = useLibraryScreenCached(props.kind)
  const ahead = !props.shown && props.intended && cached
  useEffect(() => (ahead ? markScreenReady(props.to) : undefined), [ahead, props.to])
  // The same element: the click changes the screen's visibility, not its render.
  const screen = useMemo(() => <LibraryScreen kind={props.kind} />, [props.kind])
  if (!props.shown && !ahead) return null
  return <Activity mode={props.shown ? 'visible' : 'hidden'}>{screen}</Activity>
}
