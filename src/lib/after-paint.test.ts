import { describe, expect, it, vi } from 'vitest'
import { useFakeFrames } from '../../tests/support/fake-frames'
import { afterShownFrame } from './after-paint'

describe('afterShownFrame', () => {
  const { frame } = useFakeFrames()

  it('runs once, after the frame that follows the next one has begun', async () => {
    const task = vi.fn()
    afterShownFrame(task)
    frame()
    await vi.advanceTimersByTimeAsync(0)
    expect(task).not.toHaveBeenCalled()
    frame()
    await vi.advanceTimersByTimeAsync(0)
    expect(task).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs after 100 ms in a tab that gets no frames, and not at all once cancelled', async () => {
    const task = vi.fn()
    afterShownFrame(task)
    await vi.advanceTimersByTimeAsync(99)
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(task).toHaveBeenCalledTimes(1)

    const cancelled = vi.fn()
    const cancel = afterShownFrame(cancelled)
    cancel()
    frame()
    frame()
    await vi.advanceTimersByTimeAsync(200)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
