/**
 * An HTTP load generator in a process of its own, as wrk's would be: `clients`
 * keep-alive connections, each sending its next request when the last answer
 * has ended, for `durationMs`. Bodies are counted as they came, never
 * decompressed, so the figure is the server's. A separate process keeps the
 * bench's own heap (generated data, Playwright) out of it: that heap's garbage
 * collections would stall every request in flight and read as the server's p99.
 */
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { z } from 'zod'
import { loadFigures } from './harness.ts'

export type LoadTarget = { url: string; headers: Record<string, string> }

const jobSchema = z.object({
  url: z.url(),
  headers: z.record(z.string(), z.string()),
  /** The status that counts as an answer (304 for a revalidation). */
  expect: z.number().int(),
  clients: z.number().int().positive(),
  durationMs: z.number().positive(),
})
type Job = z.infer<typeof jobSchema>

const resultSchema = z.object({
  requests: z.number(),
  failures: z.number(),
  rps: z.number(),
  p50: z.number(),
  p99: z.number(),
  bytesPerAnswer: z.number(),
})
export type LoadResult = z.infer<typeof resultSchema>

/** Runs `job` in a child Node process (with a large young generation) and returns its figures. */
export function loadFromChildProcess(job: Job): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=64', import.meta.filename, JSON.stringify(job)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('error', fail)
    child.on('exit', (code) => {
      if (code !== 0) fail(new Error(`the load generator exited with ${code}`))
      else done(resultSchema.parse(JSON.parse(output)))
    })
  })
}

function send(agent: Agent, target: LoadTarget): Promise<{ status: number; bytes: number }> {
  return new Promise((done, fail) => {
    const outgoing = request(target.url, { agent, headers: target.headers }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.on('end', () => done({ status: response.statusCode ?? 0, bytes }))
      response.on('error', fail)
    })
    outgoing.on('error', fail)
    outgoing.end()
  })
}

async function run(job: Job): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.clients })
  const latencies: number[] = []
  let failures = 0
  let bytes = 0
  const started = performance.now()
  const deadline = started + job.durationMs
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now()
        try {
          const answer = await send(agent, job)
          if (answer.status === job.expect) {
            latencies.push(performance.now() - begin)
            bytes += answer.bytes
          } else failures += 1
        } catch {
          failures += 1
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  return {
    ...loadFigures(latencies, failures, seconds),
    bytesPerAnswer: latencies.length > 0 ? bytes / latencies.length : 0,
  }
}

if (process.argv[1] === import.meta.filename) {
  const job = jobSchema.parse(JSON.parse(process.argv[2] ?? '{}'))
  process.stdout.write(JSON.stringify(await run(job)))
}
