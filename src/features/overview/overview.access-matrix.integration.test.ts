import { expect } from 'vitest'
import { N, Y } from '../../../tests/support/access-matrix/personas'
import { gated, matrixModule, overWire } from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { getOverviewCounts } from './overview.functions'
import * as overview from './overview.server'

/*
 * The authorization matrix of the overview: the actor's own counts. The
 * table's columns, the world and the checks are in tests/support/access-matrix.
 * The row goes through the server function the overview page calls.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const overviewModule = matrixModule('src/features/overview/overview.server', overview, {
  getOverviewCounts: [
    gated(
      'own counts',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, getOverviewCounts, undefined),
      {
        scoped: true,
        // Alice: Clients > Client A > A1, A2, Client B, and Mine, with four channels all
        // grouped; everyone else: their own Mine with one channel.
        check: (c, result) => {
          const owner = c.persona === 'owner'
          expect(result).toEqual({
            groups: owner ? 6 : 1,
            channels: owner ? 4 : 1,
            animes: 0,
            ungroupedChannels: 0,
            ungroupedAnimes: 0,
          })
        },
      },
    ),
  ],
})

describeAccessMatrix('overview', { folder: 'src/features/overview', modules: [overviewModule] })
