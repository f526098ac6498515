import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Fake timers and animation frames for the tests of one file: frames come only
 * when the returned `frame()` is called, as a test needs them.
 */
export function useFakeFrames(): { frame: () => void } {
  let frames: FrameRequestCallback[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback)
      return frames.length
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
  return {
    /** Runs the animation callbacks of one frame. */
    frame: () => {
      const callbacks = frames
      frames = []
      for (const callback of callbacks) callback(performance.now())
    },
  }
}
