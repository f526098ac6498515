/**
 * A private, throw-away PostgreSQL cluster on 127.0.0.1 for CI and benches.
 *
 *   node scripts/postgres-cluster.ts start <dir>   prints the connection URL
 *   node scripts/postgres-cluster.ts stop <dir>    stops it (the caller removes <dir>)
 *
 * The URL's role `tubefold` has CREATEDB, which the integration-test helper
 * needs to create and drop its databases.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export type Cluster = {
  dir: string
  port: number
  url: string
}

export type StartOptions = {
  /** Port to try first; another free one is used when it is taken. */
  port?: number
  /** fsync and friends off: fine for tests, whose data is thrown away. */
  fast?: boolean
}

/** The newest installed server's bin dir, or PG_BIN when set. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(join(base, name, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0])
    throw new Error(`No PostgreSQL server under ${base} (apt-get install postgresql)`)
  return join(base, versions[0], 'bin')
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.close(() => resolve(true))
    })
  })
}

/** `preferred` when it is free on 127.0.0.1, else one the kernel picks. */
export async function freePort(preferred = 0): Promise<number> {
  if (preferred && (await portIsFree(preferred))) return preferred
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const isRoot = process.getuid?.() === 0

/** initdb and pg_ctl refuse to run as root: run them as `postgres` then. */
function runAsOwner(command: string, args: string[], quiet = false) {
  const [file, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  // Never a pipe for pg_ctl: the postmaster it forks could hold it open. Child
  // stdout goes to our stderr, as our stdout carries only the URL.
  const result = spawnSync(file, argv, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 2, 2],
    encoding: 'utf8',
  })
  if (result.error) throw result.error
  if (quiet && result.status !== 0) process.stderr.write(`${result.stdout}${result.stderr}`)
  return result.status ?? 1
}

function logTail(dir: string): string {
  const log = join(dir, 'postgres.log')
  if (!existsSync(log)) return ''
  return readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')
}

export async function startCluster(dir: string, options: StartOptions = {}): Promise<Cluster> {
  const bin = postgresBinDir()
  const data = join(dir, 'data')
  const sockets = join(dir, 'sock')
  mkdirSync(sockets, { recursive: true, mode: 0o700 })
  if (isRoot) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    if (owner.status !== 0) throw new Error('No `postgres` user to run the cluster as')
    const [uid, gid] = [Number(owner.stdout), Number(group.stdout)]
    chownSync(dir, uid, gid)
    chownSync(sockets, uid, gid)
  }

  const initdb = runAsOwner(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
    true,
  )
  if (initdb !== 0) throw new Error(`initdb failed (exit ${initdb})`)

  const port = await freePort(options.port ?? 54329)
  const serverOptions = [`-h 127.0.0.1 -p ${port} -k '${sockets}'`]
  if (options.fast) {
    serverOptions.push('-c fsync=off -c synchronous_commit=off -c full_page_writes=off')
  }
  const started = runAsOwner(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'postgres.log'),
    '-s',
    '-w',
    '-t',
    '60',
    '-o',
    serverOptions.join(' '),
    'start',
  ])
  if (started !== 0) throw new Error(`pg_ctl start failed (exit ${started})\n${logTail(dir)}`)

  const password = randomBytes(12).toString('hex')
  const role = spawnSync(
    join(bin, 'psql'),
    [
      '-h',
      sockets,
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-qAt',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `create role tubefold login createdb password '${password}'`,
    ],
    { stdio: ['ignore', 2, 2] },
  )
  if (role.status !== 0) {
    stopCluster(dir)
    throw new Error('Could not create the tubefold role')
  }

  const url = `postgres://tubefold:${password}@127.0.0.1:${port}/postgres`
  writeFileSync(join(dir, 'url'), `${url}\n`)
  return { dir, port, url }
}

/** Stops the cluster in `dir` if it runs; safe to call twice. */
export function stopCluster(dir: string): void {
  const data = join(dir, 'data')
  if (!existsSync(join(data, 'postmaster.pid'))) return
  runAsOwner(join(postgresBinDir(), 'pg_ctl'), ['-D', data, '-s', '-m', 'fast', '-w', 'stop'])
}

if (import.meta.main) {
  const [command, dir] = process.argv.slice(2)
  if (!dir || (command !== 'start' && command !== 'stop')) {
    console.error('usage: node scripts/postgres-cluster.ts start|stop <dir>')
    process.exit(2)
  }
  if (command === 'start') {
    const cluster = await startCluster(dir, { fast: true })
    console.log(cluster.url)
  } else {
    stopCluster(dir)
  }
}
