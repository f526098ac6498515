import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import type { ImportGroup } from '../transfer.schemas'
import { KURZ, VERI } from './import-models.fixtures'
import { parseOpml } from './opml'

const feed = (id: string, title = 'T') =>
  `<outline text="${title}" type="rss" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${id}"/>`
const opml = (body: string) =>
  `<?xml version="1.0"?><opml version="1.1"><body>${body}</body></opml>`

function names(groups: ImportGroup[]): unknown[] {
  return groups.map((group) =>
    group.groups.length === 0 ? group.name : [group.name, names(group.groups)],
  )
}

function malformed(text: string): string {
  try {
    parseOpml(text)
  } catch (error) {
    return error instanceof AppError ? `${error.code} ${error.params.format}` : String(error)
  }
  return 'parsed'
}

describe('parseOpml', () => {
  it('unwraps only a single "YouTube Subscriptions" outline holding only feeds', () => {
    const wrapped = parseOpml(opml(`<outline text="YouTube Subscriptions">${feed(KURZ)}</outline>`))
    expect(wrapped.groups).toEqual([])
    expect(wrapped.ungrouped).toHaveLength(1)

    const withFolder = parseOpml(
      opml(
        `<outline title="YouTube Subscriptions">${feed(KURZ)}<outline text="Sub">${feed(VERI)}</outline></outline>`,
      ),
    )
    expect(names(withFolder.groups)).toEqual([['YouTube Subscriptions', ['Sub']]])

    const twoTop = parseOpml(
      opml(
        `<outline text="YouTube Subscriptions">${feed(KURZ)}</outline><outline text="Other">${feed(VERI)}</outline>`,
      ),
    )
    expect(names(twoTop.groups)).toEqual(['YouTube Subscriptions', 'Other'])
  })

  it('unwraps the wrapper peers write (Invidious too), but keeps a single folder of the user', () => {
    const invidious = parseOpml(
      opml(
        `<outline text="Invidious Subscriptions" title="Invidious Subscriptions">${feed(KURZ)}</outline>`,
      ),
    )
    expect(invidious.groups).toEqual([])
    expect(invidious.ungrouped).toHaveLength(1)

    for (const title of ['Music subscriptions', 'Science', 'Subscriptions to watch']) {
      const own = parseOpml(opml(`<outline text="${title}">${feed(KURZ)}${feed(VERI)}</outline>`))
      expect(names(own.groups), title).toEqual([title])
      expect(own.ungrouped, title).toEqual([])
    }
  })

  it('decodes entities, takes single quotes, skips comments, CDATA and a doctype', () => {
    const model = parseOpml(
      `<!DOCTYPE opml [<!ENTITY x "y">]><opml><!-- c --><head><title><![CDATA[<b>]]></title></head><body>
       <outline text='R&amp;B &#233;&#x1F3B5; &nbsp;'>${feed(KURZ, 'K &lt;3')}</outline></body></opml>`,
    )
    expect(model.groups[0]?.name).toBe('R&B é🎵 &nbsp;')
    expect(model.channels[0]?.title).toBe('K <3')
  })

  it('reads attribute names in any case, usernames from ?user= and ids from htmlUrl', () => {
    const model = parseOpml(
      opml(
        `<outline TEXT="a" XMLURL="https://www.youtube.com/feeds/videos.xml?user=fermilab"/>
         <outline text="b" type="rss" xmlUrl="https://example.com/proxy/feed" htmlUrl="https://www.youtube.com/channel/${VERI}"/>`,
      ),
    )
    expect(model.channels.map((channel) => channel.key)).toEqual([
      'username:fermilab',
      `id:${VERI}`,
    ])
  })

  it('gives problems the line of their outline', () => {
    const model = parseOpml(
      opml(`\n\n<outline text="x" xmlUrl="https://blog.example/rss"/>\n${feed(KURZ)}`),
    )
    expect(model.problems).toEqual([
      { line: 3, code: 'otherService', input: 'https://blog.example/rss' },
    ])
  })

  it('folds folders nested deeper than 10 levels without a deep call stack', () => {
    const depth = 5000
    const model = parseOpml(
      opml(`${'<outline text="f">'.repeat(depth)}${feed(KURZ)}${'</outline>'.repeat(depth)}`),
    )
    let level = model.groups[0]
    let levels = 1
    while (level?.groups[0]) {
      level = level.groups[0]
      levels++
    }
    expect(levels).toBe(10)
    expect(level?.items).toHaveLength(1)
    expect(model.problems.every((problem) => problem.code === 'tooDeep')).toBe(true)
  })

  it('refuses broken markup as a damaged OPML file', () => {
    expect(malformed(opml('<outline text="a">'))).toBe('IMPORT_MALFORMED OPML')
    expect(malformed(opml('<outline text=a/>'))).toBe('IMPORT_MALFORMED OPML')
    expect(malformed(opml('<outline text="a"></outlin>'))).toBe('IMPORT_MALFORMED OPML')
    expect(malformed(opml('<outline text="a"xmlUrl="b"/>'))).toBe('IMPORT_MALFORMED OPML')
    expect(malformed('<opml><head/></opml>')).toBe('IMPORT_MALFORMED OPML')
    expect(malformed(`${opml(feed(KURZ))}<!-- never closed`)).toBe('IMPORT_MALFORMED OPML')
  })
})
