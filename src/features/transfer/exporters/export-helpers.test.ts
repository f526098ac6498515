import { describe, expect, it } from 'vitest'
import type { ExportGroup } from '../transfer.schemas'
import { channelIdsOf, chunked, httpsImageUrl, joinPath, walkGroups } from './export-helpers'

const leaf = (name: string, groups: ExportGroup[] = []): ExportGroup => ({
  name,
  description: '',
  icon: null,
  color: null,
  groups,
  items: [],
})

describe('chunked', () => {
  it('joins parts into chunks of at least the size, the rest last', () => {
    expect([...chunked(['ab', 'cd', 'e', 'fgh', 'i'], 4)]).toEqual(['abcd', 'efgh', 'i'])
  })

  it('never yields an empty chunk', () => {
    expect([...chunked(['', '', ''], 4)]).toEqual([])
    expect([...chunked(['abcd', ''], 4)]).toEqual(['abcd'])
  })

  it('reads its parts lazily, one chunk ahead at most', () => {
    const pulled: number[] = []
    function* parts() {
      for (let index = 0; index < 10; index++) {
        pulled.push(index)
        yield 'xx'
      }
    }
    const chunks = chunked(parts(), 4)
    expect(chunks.next().value).toBe('xxxx')
    expect(pulled).toEqual([0, 1])
  })
})

describe('walkGroups', () => {
  it('visits parents before children, with the names leading to each', () => {
    const tree = [leaf('A', [leaf('B', [leaf('C')]), leaf('D')]), leaf('E')]
    const visits = [...walkGroups(tree)].map(({ group, path }) => [group.name, joinPath(path)])
    expect(visits).toEqual([
      ['A', 'A'],
      ['B', 'A / B'],
      ['C', 'A / B / C'],
      ['D', 'A / D'],
      ['E', 'E'],
    ])
  })
})

it('channelIdsOf keeps channels in order and leaves animes out', () => {
  const group: ExportGroup = {
    ...leaf('G'),
    items: [
      { kind: 'anime', id: 'GRDV0019R' },
      { kind: 'channel', id: 'UCXuqSBlHAE6Xw-yeJA0Tunw' },
      { kind: 'channel', id: 'UCBJycsmduvYEL83R_U4JriQ' },
    ],
  }
  expect(channelIdsOf(group)).toEqual(['UCXuqSBlHAE6Xw-yeJA0Tunw', 'UCBJycsmduvYEL83R_U4JriQ'])
})

describe('httpsImageUrl', () => {
  it('keeps https addresses as stored and upgrades YouTube image hosts from http', () => {
    expect(httpsImageUrl('https://yt3.ggpht.com/a?x=1&y=2')).toBe('https://yt3.ggpht.com/a?x=1&y=2')
    expect(httpsImageUrl('  https://i.ytimg.com/vi/x/hq.jpg ')).toBe(
      'https://i.ytimg.com/vi/x/hq.jpg',
    )
    expect(httpsImageUrl('http://yt3.ggpht.com/x=s88')).toBe('https://yt3.ggpht.com/x=s88')
    expect(httpsImageUrl('HTTP://yt3.googleusercontent.com/y')).toBe(
      'https://yt3.googleusercontent.com/y',
    )
  })

  it('leaves out data:, other schemes, other http hosts and broken addresses', () => {
    for (const url of [
      null,
      '',
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'http://example.org/a.png',
      'http://notggpht.com.evil.example/a.png',
      'https://',
      'https://x.example/a b.png',
      'not a url',
    ]) {
      expect(httpsImageUrl(url)).toBeNull()
    }
  })
})
