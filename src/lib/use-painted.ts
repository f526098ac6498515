import { useEffect, useState } from 'react'

/**
 * False until the browser has painted once since mount. Fetches that can wait
 * (a whole list behind its first screen) start then, so their answers are
 * never parsed in front of that paint.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // The frame's callback runs before its paint; the task after it runs once it is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}
