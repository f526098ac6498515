import { useMatch } from '@tanstack/react-router'
import { Activity, useMemo } from 'react'
import type { EntryKind } from '~/db/schema'
import { useNavIntent } from '~/lib/nav-intent'
import { useLibraryScreenCached } from '../library.queries'
import { LibraryScreen } from './library-screen'

/**
 * The library screens, drawn by the dashboard layout (their routes draw
 * nothing) so they can be rendered ahead of the click: while the pointer
 * rests on the nav link and the link's preload has cached the first screen,
 * React renders the screen hidden, at idle priority, and the click reveals it.
 */
export function KeptLibraryScreens() {
  const channels = useMatch({ from: '/dashboard/channels/', shouldThrow: false })
  const animes = useMatch({ from: '/dashboard/animes/', shouldThrow: false })
  const intent = useNavIntent()
  return (
    <>
      <KeptLibraryScreen
        kind="channel"
        shown={channels?.status === 'success'}
        intended={intent === '/dashboard/channels/'}
      />
      <KeptLibraryScreen
        kind="anime"
        shown={animes?.status === 'success'}
        intended={intent === '/dashboard/animes/'}
      />
    </>
  )
}

/** The library routes' component: `KeptLibraryScreens` draws their screen. */
export function LibraryRouteSlot() {
  return null
}

function KeptLibraryScreen(props: { kind: EntryKind; shown: boolean; intended: boolean }) {
  const cached = useLibraryScreenCached(props.kind)
  // The same element: the click changes the screen's visibility, not its render.
  const screen = useMemo(() => <LibraryScreen kind={props.kind} />, [props.kind])
  if (!props.shown && !(props.intended && cached)) return null
  return <Activity mode={props.shown ? 'visible' : 'hidden'}>{screen}</Activity>
}
