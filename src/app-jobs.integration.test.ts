import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '~/server/database.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { startAppJobs, stopAppJobs } from './app-jobs.server'

const saved = process.env.JOBS_ENABLED

function setJobsEnabled(value: string | undefined) {
  if (value === undefined) delete process.env.JOBS_ENABLED
  else process.env.JOBS_ENABLED = value
  resetEnvCacheForTests()
}

describe('startAppJobs', () => {
  afterEach(async () => {
    await stopAppJobs()
    setJobsEnabled(saved)
  })

  it('starts nothing under APP_ENV=test unless JOBS_ENABLED is set', async () => {
    setJobsEnabled(undefined)
    expect(startAppJobs(await getDb())).toBeUndefined()
    setJobsEnabled('false')
    expect(startAppJobs(await getDb())).toBeUndefined()
  })

  it('starts one worker per process, and a new one after stopAppJobs', async () => {
    setJobsEnabled('true')
    const db = await getDb()
    const first = startAppJobs(db)
    expect(first).toBeDefined()
    expect(startAppJobs(db)).toBe(first)
    await stopAppJobs()
    const second = startAppJobs(db)
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
  })
})
