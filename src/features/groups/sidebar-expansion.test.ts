import { describe, expect, it } from 'vitest'
import { parseExpanded, toggled } from './sidebar-expansion'

describe('sidebar expansion', () => {
  it('adds and takes out an id', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b'])
    expect(toggled(['a', 'b'], 'a')).toEqual(['b'])
  })

  it('reads only lists of ids back', () => {
    expect(parseExpanded('["a","b"]')).toEqual(['a', 'b'])
    expect(parseExpanded('["a",1,null]')).toEqual(['a'])
    expect(parseExpanded('{"a":1}')).toEqual([])
    expect(parseExpanded('nope')).toEqual([])
    expect(parseExpanded(null)).toEqual([])
  })
})
