import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { anime, libraryEntry } from '~/db/schema'
import { newEntryCount, requireRoom } from '~/features/billing/plan-limits.server'
import { getAnilist } from '~/features/catalogue/anilist.server'
import { requireGroup } from '~/features/groups/access.server'
import { recordActivityLines } from '~/features/groups/activity.server'
import { AppError } from '~/lib/app-error'
import { parseSeriesUrl, titleFromSlug } from '~/lib/crunchyroll-urls'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { runOnce } from '~/server/idempotency.server'
import { type AnimePreview, addAnimeResultSchema } from './library.schemas'
import { placeEntries } from './place-entries.server'

/* A Crunchyroll series URL, catalogued (and enriched through AniList) on first sight. */

function toPreview(row: typeof anime.$inferSelect): AnimePreview {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    posterUrl: row.posterUrl,
    year: row.year,
    episodes: row.episodes,
    genres: row.genres,
    score: row.score,
  }
}

function seriesFromUrl(url: string): { id: string; slug: string } {
  const series = parseSeriesUrl(url)
  if (!series) throw new AppError('ANIME_URL_INVALID')
  return series
}

/** The catalogue row of a series, written on first sight and enriched once. */
async function catalogueAnime(
  db: Database,
  series: { id: string; slug: string },
): Promise<typeof anime.$inferSelect> {
  const [existing] = await db.select().from(anime).where(eq(anime.id, series.id)).limit(1)
  if (existing?.lastSyncedAt) return existing
  const title = titleFromSlug(series.slug)
  // AniList only enriches: when it is down or knows nothing (null) the slug's title stays.
  const meta = await getAnilist().findAnime(title)
  if (existing && !meta) return existing
  const values = {
    slug: series.slug,
    // AniList's title keeps the punctuation a slug loses ("Frieren: Beyond Journey's End").
    title: meta?.title || title,
    ...(meta && {
      description: meta.description,
      posterUrl: meta.posterUrl,
      anilistId: meta.anilistId,
      seasons: meta.seasons,
      episodes: meta.episodes,
      year: meta.year,
      genres: meta.genres,
      score: meta.score,
      status: meta.status,
      nextEpisode: meta.nextEpisode,
      nextAiringAt: meta.nextAiringAt,
      lastSyncedAt: new Date(),
    }),
  }
  const [row] = await db
    .insert(anime)
    .values({ id: series.id, ...values })
    .onConflictDoUpdate({ target: anime.id, set: values })
    .returning()
  if (!row) throw new AppError('INTERNAL')
  return row
}

/** The preview before adding (writes only the shared catalogue). */
export async function resolveAnime(
  db: Database,
  _actor: Actor,
  input: { url: string },
): Promise<AnimePreview> {
  return toPreview(await catalogueAnime(db, seriesFromUrl(input.url)))
}

type AddAnimeInput = { url: string; groupId: string | null }

/**
 * Already in the library: simply placed in the group. With a shared group, the library is the owner's.
 * Under an idempotency key a retry answers the first entry instead of ANIME_EXISTS.
 */
export async function addAnime(
  db: Database,
  actor: Actor,
  input: AddAnimeInput & { idempotencyKey?: string | undefined },
): Promise<{ entryId: string }> {
  // A retry is authorized anew: access may have been taken away since the first call.
  if (input.groupId) await requireGroup(db, actor.id, input.groupId, 'edit')
  return runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'library.addAnime' },
    (stored) => addAnimeResultSchema.parse(stored),
    (tx) => insertAnime(tx, actor, input),
  )
}

async function insertAnime(
  db: Database,
  actor: Actor,
  input: AddAnimeInput,
): Promise<{ entryId: string }> {
  const series = seriesFromUrl(input.url)
  const target = input.groupId ? await requireGroup(db, actor.id, input.groupId, 'edit') : null
  const row = await catalogueAnime(db, series)
  const libraryOwner = target?.group.ownerId ?? actor.id
  return db.transaction(async (tx) => {
    await requireRoom(tx, libraryOwner, async () => ({
      channels: await newEntryCount(tx, libraryOwner, { animeIds: [row.id] }),
    }))
    const [inserted] = await tx
      .insert(libraryEntry)
      .values({ userId: libraryOwner, kind: 'anime', animeId: row.id })
      .onConflictDoNothing()
      .returning({ id: libraryEntry.id })
    if (!inserted && !target) throw new AppError('ANIME_EXISTS')
    const [entry] = inserted
      ? [inserted]
      : await tx
          .select({ id: libraryEntry.id })
          .from(libraryEntry)
          .where(and(eq(libraryEntry.userId, libraryOwner), eq(libraryEntry.animeId, row.id)))
    if (!entry) throw new AppError('INTERNAL')
    if (target) {
      const { activity } = await placeEntries(tx, actor, [
        { group: target.group, entries: [{ id: entry.id, title: row.title }] },
      ])
      await recordActivityLines(tx, actor, activity)
    }
    return { entryId: entry.id }
  })
}
