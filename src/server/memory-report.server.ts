import type { DatabaseHandle } from '~/db/client.server'

const MIB = 1024 * 1024
let reporting: DatabaseHandle | undefined

/** In MiB (decision 0055); V8 counts PGlite's wasm memory as external, so it is also shown alone. */
export function memoryBreakdown(handle: DatabaseHandle | undefined) {
  const usage = process.memoryUsage()
  const wasm = handle?.wasmMemoryBytes?.()
  const mib = (bytes: number) => Math.round((bytes / MIB) * 10) / 10
  return {
    rssMib: mib(usage.rss),
    heapUsedMib: mib(usage.heapUsed),
    heapTotalMib: mib(usage.heapTotal),
    externalMib: mib(usage.external),
    arrayBuffersMib: mib(usage.arrayBuffers),
    wasmMemoryMib: wasm === undefined ? null : mib(wasm),
  }
}

/** SIGUSR2 prints the breakdown as one JSON line on stdout, whatever LOG_LEVEL says. */
export function reportMemoryOnSignal(handle: DatabaseHandle) {
  const first = reporting === undefined
  reporting = handle
  if (!first) return
  process.on('SIGUSR2', () => {
    const line = { time: new Date().toISOString(), level: 'info', msg: 'memory' }
    process.stdout.write(`${JSON.stringify({ ...line, ...memoryBreakdown(reporting) })}\n`)
  })
}
