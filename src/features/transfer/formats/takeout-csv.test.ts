import { describe, expect, it } from 'vitest'
import { KURZ, VERI } from './import-models.fixtures'
import { looksLikeTakeoutCsv, parseCsv, parseTakeoutCsv } from './takeout-csv'

describe('parseCsv', () => {
  it('reads quotes, "" escapes, commas and newlines inside quotes, with start lines', () => {
    const records = parseCsv('a,"b, c","say ""hi"""\r\n"multi\nline",x\n\nlast,"",')
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b, c', 'say "hi"'], raw: 'a,"b, c","say ""hi"""' },
      { line: 2, cells: ['multi\nline', 'x'], raw: '"multi\nline",x' },
      { line: 5, cells: ['last', '', ''], raw: 'last,"",' },
    ])
  })

  it('takes CR-only line ends, a ; delimiter, ragged rows and quotes inside bare cells', () => {
    expect(parseCsv('a;b\rc;d').map((record) => record.cells)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(parseCsv('a,b,c\nd\r\ne, say "hi"').map((record) => record.cells)).toEqual([
      ['a', 'b', 'c'],
      ['d'],
      ['e', 'say "hi"'],
    ])
  })

  it('refuses an unclosed quote, which only a damaged file has', () => {
    expect(() => parseCsv('x,"never closed\nstill')).toThrow(/Quote Not Closed/)
    expect(parseCsv('a,b\nx,"never closed\nstill', 6, true)).toEqual([
      { line: 1, cells: ['a', 'b'], raw: 'a,b' },
    ])
  })

  it('stops after maxRecords', () => {
    expect(parseCsv('1\n2\n3\n4', 2)).toHaveLength(2)
  })
})

describe('looksLikeTakeoutCsv', () => {
  it('wants a channel id first and an address (or nothing) second', () => {
    expect(
      looksLikeTakeoutCsv(
        `Kanal-ID,Kanal-URL,Kanaltitel\n${KURZ},http://www.youtube.com/channel/${KURZ},K`,
      ),
    ).toBe(true)
    expect(looksLikeTakeoutCsv(`${KURZ},,K`)).toBe(true)
    expect(looksLikeTakeoutCsv(`${KURZ},${VERI}`)).toBe(false)
    expect(looksLikeTakeoutCsv('チャンネル ID,チャンネルの URL,チャンネルのタイトル\n')).toBe(true)
    expect(looksLikeTakeoutCsv('name,age\nBob,3')).toBe(false)
  })
})

describe('parseTakeoutCsv', () => {
  it("drops the ' our export puts before formula-like titles and paths", () => {
    const model = parseTakeoutCsv(
      `Channel Id,Channel Url,Channel Title,Group Path\r\n${KURZ},http://www.youtube.com/channel/${KURZ},'=SUM(A1),'-Lists / '@Work\r\n`,
    )
    expect(model.channels[0]?.title).toBe('=SUM(A1)')
    // Only the whole cell is guarded: a later segment keeps its apostrophe.
    expect(model.groups[0]?.name).toBe('-Lists')
    expect(model.groups[0]?.groups[0]?.name).toBe("'@Work")
  })

  it('numbers problems by the line a record starts on, past multi-line titles', () => {
    const model = parseTakeoutCsv(
      [
        'Channel Id,Channel Url,Channel Title',
        `${KURZ},http://www.youtube.com/channel/${KURZ},"Two`,
        'lines"',
        'garbage,row,here',
        `,https://www.youtube.com/channel/${VERI},From the URL`,
        `${KURZ},http://www.youtube.com/channel/${KURZ},Again`,
        ',https://rumble.com/c/attorneytom,Elsewhere',
      ].join('\n'),
    )
    expect(model.channels.map((channel) => [channel.key, channel.title])).toEqual([
      [`id:${KURZ}`, 'Two\nlines'],
      [`id:${VERI}`, 'From the URL'],
    ])
    expect(model.problems).toEqual([
      { line: 4, code: 'invalid', input: 'garbage,row,here' },
      { line: 6, code: 'duplicate', input: `${KURZ},http://www.youtube.com/channel/${KURZ},Again` },
      { line: 7, code: 'otherService', input: ',https://rumble.com/c/attorneytom,Elsewhere' },
    ])
  })
})
