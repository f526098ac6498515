import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, isProcessAlive, lockDataDir } from './data-dir-lock.server'

let root: string
let dataDir: string
let lockFile: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tubefold-lock-'))
  dataDir = join(root, 'pglite')
  lockFile = `${dataDir}.lock`
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

const holderOf = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')).pid

/** The pid of a process that ran and is gone. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  const pid = Number(child.stdout.toString())
  expect(isProcessAlive(pid)).toBe(false)
  return pid
}

describe('lockDataDir', () => {
  it('writes this pid into <dir>.lock and frees it on release', () => {
    const lock = lockDataDir(dataDir)
    expect(lock.lockFile).toBe(lockFile)
    expect(holderOf(lockFile)).toBe(process.pid)
    lock.release()
    expect(existsSync(lockFile)).toBe(false)
    lock.release()
    // Freed means takeable again.
    lockDataDir(dataDir).release()
  })

  it('refuses while a live process holds it, naming the pid and the directory, and leaves its lock alone', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    try {
      const pid = holder.pid ?? 0
      const record = JSON.stringify({ pid, host: 'elsewhere', since: '2026-01-01T00:00:00Z' })
      writeFileSync(lockFile, record)
      let refused: unknown
      try {
        lockDataDir(dataDir)
      } catch (error) {
        refused = error
      }
      expect(refused).toBeInstanceOf(DataDirLockedError)
      expect(refused).toMatchObject({ holderPid: pid, lockFile })
      expect(String(refused)).toContain(`process ${pid}`)
      expect(String(refused)).toContain(dataDir)
      expect(readFileSync(lockFile, 'utf8')).toBe(record)
    } finally {
      holder.kill('SIGKILL')
    }
  })

  it('refuses a second open of the same directory in this process', () => {
    const lock = lockDataDir(dataDir)
    try {
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)
      expect(holderOf(lockFile)).toBe(process.pid)
    } finally {
      lock.release()
    }
  })

  it('takes over a lock whose holder died', () => {
    writeFileSync(lockFile, JSON.stringify({ pid: deadPid(), host: 'here', since: 'then' }))
    const lock = lockDataDir(dataDir)
    expect(holderOf(lockFile)).toBe(process.pid)
    lock.release()
    expect(existsSync(lockFile)).toBe(false)
  })

  it('takes over a lock naming this pid that this process does not hold (a restarted container)', () => {
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, host: 'here', since: 'before' }))
    const lock = lockDataDir(dataDir)
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).since).not.toBe('before')
    lock.release()
  })

  it('takes over an unreadable lock (no pid to prove a holder alive)', () => {
    writeFileSync(lockFile, 'garbage')
    lockDataDir(dataDir).release()
  })

  it('never removes a lock that is no longer its own', () => {
    const lock = lockDataDir(dataDir)
    const other = JSON.stringify({ pid: 1, host: 'there', since: 'now' })
    writeFileSync(lockFile, other)
    lock.release()
    expect(readFileSync(lockFile, 'utf8')).toBe(other)
  })

  it('is freed when the holding process exits without closing', () => {
    const module = pathToFileURL(join(import.meta.dirname, 'data-dir-lock.server.ts')).href
    const script = `const { lockDataDir } = await import(${JSON.stringify(module)})
lockDataDir(${JSON.stringify(dataDir)})
process.stdout.write('held')
process.exitCode = 3`
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script])
    expect(child.stderr.toString()).toBe('')
    expect(child.stdout.toString()).toBe('held')
    expect(child.status).toBe(3)
    expect(existsSync(lockFile)).toBe(false)
  })
})
