import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useFakeFrames } from '../../tests/support/fake-frames'
import { markScreenReady, revealAhead, revealingScreen, subscribeRevealing } from './reveal-ahead'

describe('revealAhead', () => {
  const { frame } = useFakeFrames()
  beforeEach(() => {
    vi.stubGlobal('window', { scrollY: 0 })
  })

  it('shows a ready screen at once and navigates once that frame is on screen', async () => {
    const unmark = markScreenReady('/dashboard/channels/')
    const listener = vi.fn()
    const unsubscribe = subscribeRevealing(listener)
    const navigate = vi.fn(() => Promise.resolve())
    expect(revealAhead('/dashboard/channels/', navigate)).toBe(true)
    expect(revealingScreen()).toBe('/dashboard/channels/')
    expect(listener).toHaveBeenCalledTimes(1)
    frame()
    await vi.advanceTimersByTimeAsync(0)
    expect(navigate).not.toHaveBeenCalled()
    frame()
    await vi.advanceTimersByTimeAsync(0)
    expect(navigate).toHaveBeenCalledTimes(1)
    // The router has arrived: its match shows the screen from now on.
    expect(revealingScreen()).toBeNull()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    // Frames that come late change nothing.
    await vi.advanceTimersByTimeAsync(200)
    expect(navigate).toHaveBeenCalledTimes(1)
    unmark()
  })

  it('leaves the click to the router when the screen is not ready or the page is scrolled', () => {
    const navigate = vi.fn(() => Promise.resolve())
    expect(revealAhead('/dashboard/animes/', navigate)).toBe(false)
    const unmark = markScreenReady('/dashboard/animes/')
    vi.stubGlobal('window', { scrollY: 120 })
    expect(revealAhead('/dashboard/animes/', navigate)).toBe(false)
    unmark()
    vi.stubGlobal('window', { scrollY: 0 })
    expect(revealAhead('/dashboard/animes/', navigate)).toBe(false)
    expect(revealingScreen()).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('still navigates in a hidden tab, which gets no frames', async () => {
    const unmark = markScreenReady('/dashboard/channels/')
    const navigate = vi.fn(() => Promise.resolve())
    expect(revealAhead('/dashboard/channels/', navigate)).toBe(true)
    await vi.advanceTimersByTimeAsync(99)
    expect(navigate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(revealingScreen()).toBeNull()
    unmark()
  })
})
