import { describe, expect, it } from 'vitest'
import { withKeptIndex } from './use-virtual-rows'

describe('withKeptIndex', () => {
  it('adds the kept row, in order, when it is scrolled away', () => {
    expect(withKeptIndex([10, 11, 12], 3, 50)).toEqual([3, 10, 11, 12])
    expect(withKeptIndex([10, 11, 12], 40, 50)).toEqual([10, 11, 12, 40])
  })

  it('leaves the range alone when the row is in it, gone, or none is kept', () => {
    expect(withKeptIndex([10, 11, 12], 11, 50)).toEqual([10, 11, 12])
    expect(withKeptIndex([10, 11, 12], 50, 50)).toEqual([10, 11, 12])
    expect(withKeptIndex([10, 11, 12], -1, 50)).toEqual([10, 11, 12])
    expect(withKeptIndex([10, 11, 12], null, 50)).toEqual([10, 11, 12])
  })
})
