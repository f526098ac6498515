import { describe, expect, it } from 'vitest'
import { parseSeriesUrl, titleFromSlug } from './crunchyroll-urls'

const JJK = { id: 'GRDV0019R', slug: 'jujutsu-kaisen' }

describe('parseSeriesUrl', () => {
  it.each([
    ['https://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['https://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen/', JJK],
    ['https://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen?srsltid=abc#episodes', JJK],
    ['http://crunchyroll.com/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['crunchyroll.com/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['  https://www.crunchyroll.com/pt-br/series/GRDV0019R/jujutsu-kaisen  ', JJK],
    ['https://www.crunchyroll.com/es-419/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['https://www.crunchyroll.com/fr/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['https://www.crunchyroll.com/PT-BR/series/grdv0019r/Jujutsu-Kaisen', JJK],
    ['https://beta.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen', JJK],
    ['https://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen/videos', JJK],
    [
      'https://www.crunchyroll.com/series/GG5H5XQ7D/frieren-beyond-journeys-end',
      { id: 'GG5H5XQ7D', slug: 'frieren-beyond-journeys-end' },
    ],
    [
      'https://www.crunchyroll.com/de/series/G4PH0WXVJ/spy-x-family',
      { id: 'G4PH0WXVJ', slug: 'spy-x-family' },
    ],
  ])('reads %s', (input, expected) => {
    expect(parseSeriesUrl(input)).toEqual(expected)
  })

  it.each([
    '',
    'jujutsu kaisen',
    'https://www.crunchyroll.com/',
    'https://www.crunchyroll.com/series/GRDV0019R',
    'https://www.crunchyroll.com/series/',
    'https://www.crunchyroll.com/watch/GEVUZD021/ryomen-sukuna',
    'https://www.crunchyroll.com/pt-br/watch/GEVUZD021/ryomen-sukuna',
    'https://www.crunchyroll.com/series/XRDV0019R/jujutsu-kaisen',
    'https://www.crunchyroll.com/series/G1/jujutsu-kaisen',
    'https://www.crunchyroll.com/series/GRDV0019R/jujutsu_kaisen',
    'https://www.crunchyroll.com/series/GRDV0019R/--',
    'https://www.crunchyroll.com/toolong-locale/series/GRDV0019R/jujutsu-kaisen',
    'https://www.crunchyroll.com.evil.example/series/GRDV0019R/jujutsu-kaisen',
    'https://example.com/series/GRDV0019R/jujutsu-kaisen',
    'https://www.youtube.com/@crunchyroll',
    'ftp://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen',
    'https://[::1',
  ])('refuses %s', (input) => {
    expect(parseSeriesUrl(input)).toBeNull()
  })
})

describe('titleFromSlug', () => {
  it.each([
    ['jujutsu-kaisen', 'Jujutsu Kaisen'],
    ['attack-on-titan', 'Attack on Titan'],
    ['the-apothecary-diaries', 'The Apothecary Diaries'],
    ['spy-x-family', 'Spy x Family'],
    ['frieren-beyond-journeys-end', 'Frieren Beyond Journeys End'],
    ['one-piece', 'One Piece'],
    ['86', '86'],
    ['a--b', 'A B'],
    ['', ''],
  ])('%s → %s', (slug, title) => {
    expect(titleFromSlug(slug)).toBe(title)
  })
})
