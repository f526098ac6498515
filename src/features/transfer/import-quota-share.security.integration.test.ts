import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quotaDay, unitsSpent, unitsSpentBy } from '~/features/catalogue/quota.server'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { db } from '../../../tests/support/database'
import {
  applyModel,
  byHandle,
  demo,
  folder,
  model,
  setUpYoutubeFake,
} from '../../../tests/support/transfer-world'

/*
 * Issue 21 item 3: an import's YouTube look-ups are paid from the importing
 * user's daily share, like their pasted look-ups, not from everyone's quota.
 */

const youtube = setUpYoutubeFake()
const ENV_KEYS = ['YOUTUBE_DAILY_QUOTA', 'YOUTUBE_USER_DAILY_UNITS'] as const
const saved = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name]]))

beforeAll(async () => {
  process.env.YOUTUBE_DAILY_QUOTA = '1000'
  process.env.YOUTUBE_USER_DAILY_UNITS = '3'
  resetEnvCacheForTests()
})

afterAll(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCacheForTests()
})

describe('an import and the daily quota', () => {
  it('stops looking up at the importing user’s share and still finishes the import', async () => {
    const mallory = await createActor(db, 'Mallory')
    const channels = [
      '3blue1brown',
      'scottmanley',
      'physicsgirl',
      'minutephysics',
      'RealEngineering',
    ]
      .map(demo)
      .map((row) => byHandle(row.handle))
    const importsBefore = await unitsSpent(db, 'import', quotaDay())

    const status = await applyModel(mallory, model({ groups: [folder('All', channels)], channels }))

    expect(status.state).toBe('done')
    expect(await unitsSpentBy(db, mallory.id)).toBe(3)
    expect((await unitsSpent(db, 'import', quotaDay())) - importsBefore).toBeLessThanOrEqual(3)
    expect(youtube().apiCalls().length).toBeLessThanOrEqual(3)
  })
})
