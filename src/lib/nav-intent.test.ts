import { afterEach, describe, expect, it, vi } from 'vitest'
import { endNavIntent, navIntent, setNavIntent, subscribeNavIntent } from './nav-intent'

afterEach(() => setNavIntent(null))

describe('nav intent', () => {
  it('tells its readers when the link under the pointer changes, once per change', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeNavIntent(listener)
    setNavIntent('/dashboard/channels/')
    setNavIntent('/dashboard/channels/')
    expect(navIntent()).toBe('/dashboard/channels/')
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    setNavIntent(null)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('ends only the intent it names', () => {
    setNavIntent('/dashboard/animes/')
    // The pointer left Channels after it had already entered Animes.
    endNavIntent('/dashboard/channels/')
    expect(navIntent()).toBe('/dashboard/animes/')
    endNavIntent('/dashboard/animes/')
    expect(navIntent()).toBeNull()
  })
})
