import { definePlugin } from 'nitro'
import { EnvError, parseEnv } from './env.server'
import { runShutdown } from './lifecycle.server'

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
  // ask for /health at once so migrations run at start-up, not for a visitor.
  setTimeout(() => {
    Promise.resolve(nitroApp.fetch(new Request('http://localhost/health'))).catch(() => {})
  }, 0)
})
