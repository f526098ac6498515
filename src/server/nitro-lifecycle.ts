import { tracingChannel } from 'node:diagnostics_channel'
import { definePlugin } from 'nitro'
import { EnvError, parseEnv } from './env.server'
import { runShutdown } from './lifecycle.server'
import { log } from './logger.server'

// On close the database is closed so SIGTERM ends the process promptly.
export default definePlugin((nitroApp) => {
  try {
    parseEnv(process.env)
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  nitroApp.hooks.hook('close', async () => {
    await runShutdown()
  })
  // The app bundle (and the database) loads on the first request; ask for /health so migrations run at start-up.
  afterListening(() => {
    Promise.resolve(nitroApp.fetch(new Request('http://localhost/health')))
      .then(collectStartupGarbage)
      .catch(() => {})
  })
})

/**
 * A failed listen (port taken) ends the process before anything opened the database: else a
 * second data owner and job worker would serve nobody. nitro tells no hook on listen, so this
 * follows Node's `net.server.listen` trace; with no listen in this thread (dev), runs at once.
 */
function afterListening(then: () => void) {
  const listen = tracingChannel<string, ListenTrace>('net.server.listen')
  let started = false
  let settled = false
  const settle = () => {
    settled = true
    listen.unsubscribe(handlers)
  }
  const handlers = {
    start() {},
    end() {},
    asyncStart() {
      started = true
    },
    asyncEnd() {
      if (settled) return
      settle()
      then()
    },
    error(trace: ListenTrace) {
      if (settled) return
      settle()
      const error = trace.error
      log.error('could not listen; stopping before the database opens', {
        code: error instanceof Error && 'code' in error ? String(error.code) : null,
        error: error instanceof Error ? error.message : String(error),
      })
      process.exit(1)
    },
  }
  listen.subscribe(handlers)
  setTimeout(() => {
    if (started || settled) return
    settle()
    then()
  }, 0)
}

type ListenTrace = { error?: unknown }

/**
 * Opening the database leaves ~300 MiB of garbage that V8 collects only after seconds of idle
 * heap; one full collection gives it back at once (`gc` exists under `--expose-gc`).
 */
function collectStartupGarbage() {
  globalThis.gc?.()
}
