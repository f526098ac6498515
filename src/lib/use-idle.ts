import { useEffect, useState } from 'react'
import { whenIdle } from './when-idle'

/** False until the browser has been idle once (at the latest after `timeout` ms); false on the server. */
export function useIdle(timeout: number): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true), timeout), [timeout])
  return idle
}
