import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import initSqlJs, { type SqlJsStatic } from 'sql.js'

/*
 * sql.js (SQLite in WASM: no native build), shared by the NewPipe importer
 * and exporter. Server only.
 */

let sqlJs: Promise<SqlJsStatic> | null = null

/**
 * sql.js, started once per process with its WASM read from node_modules
 * (the server bundle must trace `sql.js/dist/sql-wasm.wasm`).
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    const path = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')
    const file = await readFile(path)
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)
    return initSqlJs({ wasmBinary })
  })().catch((error: unknown) => {
    sqlJs = null
    throw error
  })
  return sqlJs
}
