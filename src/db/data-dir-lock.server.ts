import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'

/**
 * One process per PGlite directory: two would silently lose each other's writes. The lock
 * (`<dir>.lock`, holding the pid) sits beside the directory, which PGlite wants to itself.
 */

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  readonly dataDir: string
  readonly holderPid: number
  readonly lockFile: string
  // Plain fields, no parameter properties: scripts load this file with Node's type stripping.
  constructor(dataDir: string, holderPid: number, lockFile: string) {
    super(
      `The database directory ${dataDir} is in use by process ${holderPid} (lock file ${lockFile}); ` +
        'stop that process first: two processes on one embedded database lose writes.',
    )
    this.dataDir = dataDir
    this.holderPid = holderPid
    this.lockFile = lockFile
  }
}

export type DataDirLock = {
  readonly lockFile: string
  release(): void
}

// Lock files this process holds: a second open of the same directory here is refused too.
const held = new Set<string>()

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

/** Whether `pid` names a running process; only ESRCH proves it gone. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errorCode(error) !== 'ESRCH'
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

function pidIn(text: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('pid' in parsed)) return undefined
    const pid = parsed.pid
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function unlinkQuietly(path: string) {
  try {
    unlinkSync(path)
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  }
}

/** A lock whose pid is dead, or is ours without this process holding it (a restarted container's pid 1), is stale. */
export function lockDataDir(dataDir: string, alive = isProcessAlive): DataDirLock {
  const dir = resolve(dataDir)
  const lockFile = `${dir}.lock`
  if (held.has(lockFile)) throw new DataDirLockedError(dir, process.pid, lockFile)
  const record = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
  })
  // Written in full first, then linked into place: the lock never exists half-written.
  const temp = `${lockFile}.${process.pid}.tmp`
  writeFileSync(temp, record)
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(temp, lockFile)
        return holdLock(lockFile, record)
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error
      }
      const found = readText(lockFile)
      if (found === undefined) continue
      const pid = pidIn(found)
      if (pid !== undefined && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(dir, pid, lockFile)
      }
      // Stale. Move it aside, then check it is the file judged: a racing taker may have replaced it.
      const aside = `${lockFile}.${process.pid}.stale`
      try {
        renameSync(lockFile, aside)
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue
        throw error
      }
      const moved = readText(aside)
      if (moved !== found && moved !== undefined) {
        // A fresh lock of the racing taker: put it back and let it win.
        try {
          linkSync(aside, lockFile)
        } finally {
          unlinkQuietly(aside)
        }
        throw new DataDirLockedError(dir, pidIn(moved) ?? 0, lockFile)
      }
      unlinkQuietly(aside)
    }
    throw new Error(`could not take the lock ${lockFile}: it keeps changing`)
  } finally {
    unlinkQuietly(temp)
  }
}

function holdLock(lockFile: string, record: string): DataDirLock {
  held.add(lockFile)
  const release = () => {
    if (!held.delete(lockFile)) return
    process.off('exit', release)
    // Never remove a lock that is no longer ours (taken over after a long pause, or by hand).
    try {
      if (readText(lockFile) === record) unlinkQuietly(lockFile)
    } catch {
      // Unreadable now: a later start finds our pid dead and takes it over.
    }
  }
  process.on('exit', release)
  return { lockFile, release }
}
