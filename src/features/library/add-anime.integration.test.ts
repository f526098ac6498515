import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { anime } from '~/db/schema'
import { createTree } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import { demoAnime, itemsOf, libraryCount, must } from '../../../tests/support/library-world'
import { addAnime, resolveAnime } from './add-anime.server'
import { getEntry } from './library.server'

/* Adding animes against a real database and a local fake of AniList. */

const fakes = runCatalogueFakes()

describe('animes', () => {
  it('adds a series by URL, enriched from AniList, and refuses it twice', async () => {
    const ana = await createActor(db, 'Ana')
    const frieren = demoAnime('frieren-beyond-journeys-end')
    const url = `https://www.crunchyroll.com/pt-br/series/${frieren.id}/${frieren.slug}`

    const preview = await resolveAnime(db, ana, { url })
    expect(preview).toEqual({
      id: frieren.id,
      slug: frieren.slug,
      title: frieren.title,
      posterUrl: frieren.posterUrl,
      year: frieren.year,
      episodes: frieren.episodes,
      genres: frieren.genres,
      score: frieren.averageScore,
    })
    expect(await libraryCount(db, ana.id)).toBe(0)

    fakes.anilist.reset()
    const { entryId } = await addAnime(db, ana, { url, groupId: null })
    // Enriched once: the catalogue row is reused.
    expect(fakes.anilist.calls).toHaveLength(0)
    const detail = await getEntry(db, ana, { id: entryId })
    expect(detail).toMatchObject({ kind: 'anime', title: frieren.title, genres: frieren.genres })
    expect(detail.description).toContain('Frieren')

    expect(await codeOf(addAnime(db, ana, { url, groupId: null }))).toBe('ANIME_EXISTS')

    // With a group, an anime already in the library is placed there instead.
    const groups = await createTree(db, ana.id, [{ name: 'Watching' }], new Map())
    const watching = must(groups.get('Watching'), 'group')
    expect(await addAnime(db, ana, { url, groupId: watching })).toEqual({ entryId })
    expect((await itemsOf(db, watching)).map((item) => item.entryId)).toEqual([entryId])
    expect(await libraryCount(db, ana.id)).toBe(1)
  })

  it('keeps the title from the slug when AniList is down', async () => {
    const ana = await createActor(db, 'Ana')
    const chainsaw = demoAnime('chainsaw-man')
    fakes.anilist.failNext(4, { status: 503 })
    const { entryId } = await addAnime(db, ana, {
      url: `crunchyroll.com/series/${chainsaw.id}/${chainsaw.slug}`,
      groupId: null,
    })
    fakes.anilist.reset()
    const detail = await getEntry(db, ana, { id: entryId })
    expect(detail).toMatchObject({ title: 'Chainsaw Man', imageUrl: null, year: null, genres: [] })
    const [row] = await db.select().from(anime).where(eq(anime.id, chainsaw.id))
    expect(row?.lastSyncedAt).toBeNull()

    // A later look, with AniList back, enriches the row.
    const preview = await resolveAnime(db, ana, {
      url: `https://www.crunchyroll.com/series/${chainsaw.id}/${chainsaw.slug}`,
    })
    expect(preview).toMatchObject({ year: chainsaw.year, posterUrl: chainsaw.posterUrl })
  })

  it('refuses what is not a Crunchyroll series link', async () => {
    const ana = await createActor(db, 'Ana')
    for (const url of ['https://www.youtube.com/@mkbhd', 'https://www.crunchyroll.com/videos']) {
      expect(await codeOf(resolveAnime(db, ana, { url }))).toBe('ANIME_URL_INVALID')
      expect(await codeOf(addAnime(db, ana, { url, groupId: null }))).toBe('ANIME_URL_INVALID')
    }
  })
})
