import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('asks the browser for an idle period, with the deadline, and cancels it', () => {
    const request = vi.fn((_task: IdleRequestCallback, _options?: IdleRequestOptions) => 7)
    const cancel = vi.fn()
    vi.stubGlobal('requestIdleCallback', request)
    vi.stubGlobal('cancelIdleCallback', cancel)
    const task = vi.fn()
    const stop = whenIdle(task, 300)
    expect(request).toHaveBeenCalledWith(task, { timeout: 300 })
    stop()
    expect(cancel).toHaveBeenCalledWith(7)
  })

  it('falls back to a timer of at most half a second where the browser has no idle callback', () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers()
    const soon = vi.fn()
    whenIdle(soon, 300)
    vi.advanceTimersByTime(299)
    expect(soon).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(soon).toHaveBeenCalledOnce()

    const late = vi.fn()
    whenIdle(late, 2_000)
    vi.advanceTimersByTime(500)
    expect(late).toHaveBeenCalledOnce()

    const cancelled = vi.fn()
    const stop = whenIdle(cancelled, 300)
    stop()
    vi.advanceTimersByTime(1_000)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
