/**
 * In place of nitro's node-server preset: SIGTERM/SIGINT drain the server for SHUTDOWN_GRACE_MS
 * before the `close` hook, and every error line is JSON. srvx's own shutdown is off: it is
 * skipped whenever CI or TEST is set, and gives requests 5 s.
 */
import { useNitroApp as nitroAppInstance } from 'nitro/app'
import { serve } from 'srvx/node'
import { parseEnv } from './env.server'
import { createDrain } from './http/graceful-shutdown.server'
import { log } from './logger.server'

// nitro's `use` prefix is no React hook; renamed so the hook lint leaves it alone.
const nitroApp = nitroAppInstance()
const env = parseEnv(process.env)

function message(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

function capture(error: unknown, kind: string) {
  log.error(kind, { error: message(error) })
  if (error instanceof Error) nitroApp.captureError?.(error, { tags: [kind] })
}
process.on('unhandledRejection', (error) => capture(error, 'unhandledRejection'))
process.on('uncaughtException', (error) => capture(error, 'uncaughtException'))

// As nitro's node-server reads them: NITRO_* first, HOST unset means every interface.
const parsedPort = Number.parseInt(process.env.NITRO_PORT ?? process.env.PORT ?? '', 10)
const cert = process.env.NITRO_SSL_CERT
const key = process.env.NITRO_SSL_KEY

const drain = createDrain({ graceMs: env.SHUTDOWN_GRACE_MS })
const server = serve({
  port: Number.isNaN(parsedPort) ? 3000 : parsedPort,
  hostname: process.env.NITRO_HOST || process.env.HOST,
  tls: cert && key ? { cert, key } : undefined,
  fetch: drain.wrap(nitroApp.fetch),
  gracefulShutdown: false,
  // srvx would print errors as plain text; they go to the JSON log instead.
  silent: true,
  error(error) {
    capture(error, 'unhandled error in a request')
    return new Response('Internal Server Error', { status: 500 })
  },
})

server.ready().then(
  () => log.info('listening', { url: server.url }),
  (error: unknown) => {
    log.error('could not listen', { error: message(error) })
    process.exitCode = 1
  },
)

let stopping: Promise<void> | undefined

async function stop(signal: NodeJS.Signals) {
  const began = Date.now()
  const { cut } = await drain.drain(server, signal)
  const drainMs = Date.now() - began
  await nitroApp.hooks?.callHook('close')
  log.info('stopped', { signal, cut, drainMs, closeMs: Date.now() - began - drainMs })
  process.exit(0)
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log.warn('second signal: closing every connection now', { signal })
      void server.close(true)
      return
    }
    stopping = stop(signal).catch((error: unknown) => {
      log.error('shutdown failed', { error: message(error) })
      process.exit(1)
    })
  })
}
