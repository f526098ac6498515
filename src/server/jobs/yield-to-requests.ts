/**
 * Lets requests that queued behind a job's last statement run before its
 * next one. PGlite runs inside this process and answers as microtasks, so a
 * job's chain of awaits would otherwise keep timers and sockets waiting for
 * as long as the chain lasts (decision 0044).
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
