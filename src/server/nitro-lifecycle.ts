import { tracingChannel } from 'node:diagnostics_channel'
import { definePlugin } from 'nitro'
import { EnvError, parseEnv } from './env.server'
import { runShutdown } from './lifecycle.server'
import { log } from './logger.server'

/**
 * Runs in the server process before it accepts requests: a wrong variable
 * stops start-up with a message naming it; on close the database is closed
 * so SIGTERM ends the process promptly.
 */
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
  // The app bundle (and with it the database) loads on the first request;
  // ask for /health once listening so migrations run at start-up, not for a visitor.
  afterListening(() => {
    Promise.resolve(nitroApp.fetch(new Request('http://localhost/health')))
      .then(collectStartupGarbage)
      .catch(() => {})
  })
})

/**
 * Runs `then` once the server listens. A failed listen (port taken) ends the
 * process at once, before anything opened the database: staying up would
 * leave a second owner of the data and a second job worker, serving nobody.
 * nitro's node server starts listening right after the plugins ran and tells
 * no hook, so this follows Node's own `net.server.listen` trace; where no
 * listen starts in this thread (the dev server), `then` runs at once.
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
 * Opening the database leaves ~300 MiB of garbage buffers behind (PGlite's
 * wasm compiled, migrations read); V8 collects them only after some seconds
 * of an idle heap, so a server sat at ~700 MiB instead of ~350 until then.
 * One full collection when start-up is done gives them back at once. `gc`
 * exists when the process runs with `--expose-gc` (scripts/server-process.ts).
 */
function collectStartupGarbage() {
  globalThis.gc?.()
}
