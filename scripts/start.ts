/**
 * `npm start`: build when the build is missing or older than the sources,
 * then serve the production build. The server itself applies migrations and
 * seeds the demo data on the embedded database at start-up.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { needsBuild } from './build-freshness.ts'
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from './server-process.ts'

const root = resolve(import.meta.dirname, '..')
const bin = (name: string) => resolve(root, 'node_modules/.bin', name)

if (needsBuild(root)) {
  console.log('Building Tubefold (sources changed since the last build)…')
  const build = spawnSync(bin('vite'), ['build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const entry = resolve(root, '.output/server/index.mjs')
if (!existsSync(entry)) {
  console.error('The build did not produce .output/server/index.mjs')
  process.exit(1)
}

// `npm start` is the local, zero-setup way to run Tubefold: unless told
// otherwise it runs as development (generated secret, local mail outbox, demo data).
const appEnv = process.env.APP_ENV ?? 'development'
// Development listens on this machine only unless told otherwise (nitro alone would take every interface).
const listenLocally = appEnv === 'development' && !process.env.NITRO_HOST && !process.env.HOST
const env = {
  ...SERVER_MALLOC_ENV,
  ...process.env,
  APP_ENV: appEnv,
  ...(listenLocally ? { HOST: 'localhost' } : {}),
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
  cwd: root,
  env,
  stdio: 'inherit',
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal))
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
