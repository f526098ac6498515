import { expect } from 'vitest'
import { N, Y } from '../../../tests/support/access-matrix/personas'
import {
  gated,
  matrixModule,
  type OpenCtx,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { db } from '../../../tests/support/database'
import { quickSearch } from './search.functions'
import * as search from './search.server'

/*
 * The authorization matrix of quick search: every signed-in reader may
 * search, and each answer holds only what that reader may see (the table's
 * own checks refuse the owner's private rows to members and everything of
 * Alice's to outsiders).
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

/** The ids under `list` of an answer (the matrix hands answers over as unknown). */
function idsOf(answer: unknown, list: 'groups' | 'channels', field: 'id' | 'entryId'): string[] {
  const rows =
    answer && typeof answer === 'object' && list in answer ? Reflect.get(answer, list) : []
  if (!Array.isArray(rows)) throw new Error('not search results')
  return rows.map((row: unknown) => {
    const id = row && typeof row === 'object' ? Reflect.get(row, field) : null
    if (typeof id !== 'string') throw new Error('not search results')
    return id
  })
}

const isMember = (c: OpenCtx) => c.persona === 'viewer' || c.persona === 'editor'

const searchModule = matrixModule('src/features/search/search.server', search, {
  search: [
    gated(
      'groups named "client" or under one',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, quickSearch, { query: 'client' }),
      {
        check: (c, answer) => {
          const ids = idsOf(answer, 'groups', 'id')
          const expected =
            c.persona === 'owner'
              ? [c.w.clients, c.w.clientA, c.w.clientB, c.w.a1, c.w.a2]
              : isMember(c)
                ? [c.w.clientA, c.w.a1, c.w.a2]
                : []
          expect(ids.sort()).toEqual(expected.sort())
        },
      },
    ),
    gated(
      'channels titled "channel"',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => search.search(db, c.actor, { query: 'channel' }),
      {
        check: (c, answer) => {
          const ids = idsOf(answer, 'channels', 'entryId')
          const expected =
            c.persona === 'owner'
              ? [c.w.entryA, c.w.entryA1, c.w.entryB]
              : isMember(c)
                ? [c.w.entryA, c.w.entryA1]
                : []
          expect(
            ids.filter((id) => [c.w.entryA, c.w.entryA1, c.w.entryB].includes(id)).sort(),
          ).toEqual(expected.sort())
        },
      },
    ),
  ],
})

describeAccessMatrix('search', {
  folder: 'src/features/search',
  modules: [searchModule],
  notHere: {},
})
