import { beforeAll } from 'vitest'
import type { Database } from '~/db/client.server'
import { getDb } from '~/server/database.server'
import { N, Y } from '../../../tests/support/access-matrix/personas'
import { gated, matrixModule } from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import * as overview from './overview.server'

/*
 * The authorization matrix of the overview: the actor's own counts. The
 * table's columns, the world and the checks are in tests/support/access-matrix.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

let db: Database
beforeAll(async () => {
  db = await getDb()
})

const overviewModule = matrixModule('src/features/overview/overview.server', overview, {
  getOverviewCounts: [
    gated('own counts', [N, Y, Y, Y, Y, Y, Y, Y], (c) => overview.getOverviewCounts(db, c.actor), {
      scoped: true,
    }),
  ],
})

describeAccessMatrix('overview', { folder: 'src/features/overview', modules: [overviewModule] })
