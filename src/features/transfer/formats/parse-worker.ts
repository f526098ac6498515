import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { errorCodeOf } from '~/lib/app-error'
import type { ImportModel } from '../transfer.schemas'
import { parseImport } from './parse-import'

/*
 * The worker side of `parse-in-worker.server.ts`. The pool learns where this
 * module ended up (source file under Vitest and `vite dev`, a chunk of
 * `.output/server` once built) by importing it and reading its own URL, so no
 * bundler has to know it is a worker entry. Loaded on the main thread it does
 * nothing else.
 */

export const PARSE_WORKER_URL: string = import.meta.url
/** Marks the worker the pool started, so no other thread that loads this chunk starts listening. */
export const PARSE_WORKER_ROLE = 'tubefold-import-parser'

export type ParseRequest = { id: number; bytes: Uint8Array; fileName: string | null }
export type ParseReply =
  | { id: number; ok: true; model: ImportModel }
  | { id: number; ok: false; code: string; params: Record<string, string | number> }

function isParseRequest(value: unknown): value is ParseRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'number' &&
    'bytes' in value &&
    value.bytes instanceof Uint8Array &&
    'fileName' in value &&
    (value.fileName === null || typeof value.fileName === 'string')
  )
}

function roleOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'role' in data ? data.role : null
}

const port = parentPort
if (!isMainThread && port !== null && roleOf(workerData) === PARSE_WORKER_ROLE) {
  port.on('message', async (message: unknown) => {
    if (!isParseRequest(message)) return
    const { id, bytes, fileName } = message
    let reply: ParseReply
    try {
      reply = { id, ok: true, model: await parseImport(bytes, fileName) }
    } catch (error) {
      // Only the code and its parameters cross: parseImport throws nothing else on purpose.
      const { code, params } = errorCodeOf(error)
      reply = { id, ok: false, code, params }
    }
    port.postMessage(reply)
  })
  port.postMessage('ready')
}
