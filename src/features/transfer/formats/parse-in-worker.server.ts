import { Worker } from 'node:worker_threads'
import { AppError, errorCodeOf } from '~/lib/app-error'
import { IMPORT_MAX_BYTES, type ImportModel, importTooLarge } from '../transfer.schemas'
import type { ParseReply, ParseRequest } from './parse-worker'

/*
 * Parsed off the main thread: a crafted zip, database or XML can keep a parser busy for minutes, stalling
 * every request. A worker over its wall time or memory is killed and replaced (IMPORT_TIMEOUT).
 */

export type ParseLimits = {
  /** Wall time one file may take once its worker is ready. */
  wallMs: number
  /** The worker's JavaScript heap (sql.js and file buffers live outside it, bounded by size caps). */
  memoryMb: number
}

export const PARSE_LIMITS: ParseLimits = { wallMs: 10_000, memoryMb: 256 }
/** Two workers: one slow file does not hold up everyone's, and a core stays for requests. */
export const PARSE_POOL_SIZE = 2
/** Files waiting for a worker; past this, uploads are turned away (IMPORT_BUSY). */
export const PARSE_QUEUE_MAX = 16
/** A worker's start-up (loading the parsers) is not the file's fault, but is bounded too. */
const START_MS = 60_000
/** An idle worker is ended, giving back the memory sql.js grew to. */
const IDLE_MS = 30_000

type Runner = { worker: Worker; ready: Promise<void>; idleTimer: NodeJS.Timeout | null }

const idle: Runner[] = []
const waiting: ((runner: Runner | null) => void)[] = []
let live = 0
let nextId = 1

/*
 * Plain CommonJS so it runs before any loader. From source (Vitest, `vite dev`) it teaches Node the `~/`
 * alias and extension-less imports; a built chunk is imported as is.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads')
if (workerData.src !== null) {
  const { registerHooks } = require('node:module')
  const src = workerData.src
  registerHooks({
    resolve(specifier, context, next) {
      const target = specifier.startsWith('~/') ? src + specifier.slice(2) : specifier
      try {
        return next(target, context)
      } catch (error) {
        if (!target.startsWith('.') && !target.startsWith('file:')) throw error
        for (const suffix of ['.ts', '.tsx', '/index.ts']) {
          try {
            return next(target + suffix, context)
          } catch {}
        }
        throw error
      }
    },
  })
}
import(workerData.url)
`

async function startRunner(limits: ParseLimits): Promise<Runner> {
  const { PARSE_WORKER_ROLE, PARSE_WORKER_URL } = await import('./parse-worker')
  const fromSource = PARSE_WORKER_URL.endsWith('.ts')
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      role: PARSE_WORKER_ROLE,
      url: PARSE_WORKER_URL,
      src: fromSource ? new URL('../../../', PARSE_WORKER_URL).href : null,
    },
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  })
  // A worker that fails while idle just leaves the pool; an unheard 'error' would crash the server.
  worker.on('error', () => {})
  worker.on('exit', () => forget(runner))
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('import parser did not start'))
      void worker.terminate()
    }, START_MS)
    const done = (error: Error | null) => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', done)
      worker.off('exit', onExit)
      if (error) reject(error)
      else resolve()
    }
    const onMessage = (message: unknown) => {
      if (message === 'ready') done(null)
    }
    const onExit = (code: number) => done(new Error(`import parser exited with ${code}`))
    worker.on('message', onMessage)
    worker.on('error', done)
    worker.on('exit', onExit)
  })
  const runner: Runner = { worker, ready, idleTimer: null }
  return runner
}

function forget(runner: Runner): void {
  const index = idle.indexOf(runner)
  if (index === -1) return
  idle.splice(index, 1)
  if (runner.idleTimer !== null) clearTimeout(runner.idleTimer)
  live--
}

/** A ready worker of the pool, or a wait for one; IMPORT_BUSY when too many files wait. */
async function acquire(limits: ParseLimits): Promise<Runner> {
  const runner = idle.pop()
  if (runner !== undefined) {
    if (runner.idleTimer !== null) clearTimeout(runner.idleTimer)
    runner.idleTimer = null
    return runner
  }
  if (live < PARSE_POOL_SIZE) {
    live++
    return startRunner(limits).catch((error: unknown) => {
      release(null)
      throw error
    })
  }
  if (waiting.length >= PARSE_QUEUE_MAX) throw new AppError('IMPORT_BUSY')
  const handed = await new Promise<Runner | null>((resolve) => waiting.push(resolve))
  return handed ?? acquire(limits)
}

function release(runner: Runner | null): void {
  const next = waiting.shift()
  if (next !== undefined) {
    if (runner === null) live--
    // A killed worker's place goes to the next file, which starts a fresh one.
    next(runner)
    return
  }
  if (runner === null) {
    live--
    return
  }
  runner.worker.unref()
  runner.idleTimer = setTimeout(() => {
    forget(runner)
    void runner.worker.terminate()
  }, IDLE_MS)
  runner.idleTimer.unref()
  idle.push(runner)
}

function isReply(value: unknown, id: number): value is ParseReply {
  return typeof value === 'object' && value !== null && 'id' in value && value.id === id
}

/** One file through a ready worker, within the wall time; rejects and kills the worker past it. */
function run(
  runner: Runner,
  request: ParseRequest,
  moved: ArrayBuffer,
  limits: ParseLimits,
): Promise<ParseReply> {
  const { worker } = runner
  return new Promise<ParseReply>((resolve, reject) => {
    const finish = (outcome: { reply: ParseReply } | { error: Error; kill: boolean }) => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      if ('reply' in outcome) {
        release(runner)
        resolve(outcome.reply)
        return
      }
      if (outcome.kill) void worker.terminate()
      release(null)
      reject(outcome.error)
    }
    const onMessage = (message: unknown) => {
      if (isReply(message, request.id)) finish({ reply: message })
    }
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the file could not be read within limits.
    const onError = () => finish({ error: new AppError('IMPORT_TIMEOUT'), kill: true })
    const onExit = () => finish({ error: new AppError('IMPORT_TIMEOUT'), kill: false })
    const timer = setTimeout(
      () => finish({ error: new AppError('IMPORT_TIMEOUT'), kill: true }),
      limits.wallMs,
    )
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    worker.ref()
    worker.postMessage(request, [moved])
  })
}

/** `parseImport`'s result and errors, plus IMPORT_TIMEOUT (wall time or memory) and IMPORT_BUSY (queue full). */
export async function parseImportInWorker(
  bytes: Uint8Array,
  fileName: string | null,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ImportModel> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw importTooLarge()
  const runner = await acquire(limits)
  try {
    await runner.ready
  } catch (error) {
    void runner.worker.terminate()
    release(null)
    throw error
  }
  // A copy of its own, moved (not cloned) to the worker.
  const copy = bytes.slice()
  const reply = await run(runner, { id: nextId++, bytes: copy, fileName }, copy.buffer, limits)
  if (reply.ok) return reply.model
  const { code, params } = errorCodeOf(reply)
  throw new AppError(code, params)
}
