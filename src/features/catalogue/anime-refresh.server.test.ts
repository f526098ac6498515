import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type EpisodeState, latestAfterRefresh } from './anime-refresh.server'

const NOW = new Date('2031-05-10T12:00:00Z')
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000)

const stored = (patch: Partial<EpisodeState> = {}): EpisodeState => ({
  nextEpisode: 7,
  nextAiringAt: hoursFromNow(-2),
  latestEpisode: 6,
  latestEpisodeAt: hoursFromNow(-170),
  ...patch,
})

const releasing = (nextEpisode: number | null, nextAiringAt: Date | null) => ({
  status: 'RELEASING',
  episodes: 12,
  nextEpisode,
  nextAiringAt,
})

describe('latestAfterRefresh', () => {
  it('takes the stored next episode as aired, at its airing time, once AniList moved on', () => {
    expect(latestAfterRefresh(stored(), releasing(8, hoursFromNow(166)), NOW)).toEqual({
      latestEpisode: 7,
      latestEpisodeAt: hoursFromNow(-2),
    })
  })

  it('counts it aired when its time has passed, even before AniList moved on', () => {
    expect(latestAfterRefresh(stored(), releasing(7, hoursFromNow(-2)), NOW)).toEqual({
      latestEpisode: 7,
      latestEpisodeAt: hoursFromNow(-2),
    })
  })

  it('keeps the latest when the next episode is still ahead, or was postponed', () => {
    const ahead = stored({ nextAiringAt: hoursFromNow(5) })
    expect(latestAfterRefresh(ahead, releasing(7, hoursFromNow(5)), NOW)).toEqual({
      latestEpisode: 6,
      latestEpisodeAt: hoursFromNow(-170),
    })
    expect(latestAfterRefresh(stored(), releasing(7, hoursFromNow(24)), NOW)).toMatchObject({
      latestEpisode: 6,
    })
  })

  it('dates an episode that aired early (AniList moved on before its time) from now', () => {
    const ahead = stored({ nextAiringAt: hoursFromNow(5) })
    expect(latestAfterRefresh(ahead, releasing(8, hoursFromNow(170)), NOW)).toEqual({
      latestEpisode: 7,
      latestEpisodeAt: NOW,
    })
  })

  it('counts skipped episodes when AniList jumped several', () => {
    expect(latestAfterRefresh(stored(), releasing(10, hoursFromNow(100)), NOW)).toEqual({
      latestEpisode: 9,
      latestEpisodeAt: NOW,
    })
  })

  it('takes the last episode as aired when the show finished', () => {
    const finale = stored({ nextEpisode: 12, nextAiringAt: hoursFromNow(3) })
    expect(
      latestAfterRefresh(
        finale,
        { status: 'FINISHED', episodes: 12, nextEpisode: null, nextAiringAt: null },
        NOW,
      ),
    ).toEqual({ latestEpisode: 12, latestEpisodeAt: NOW })
  })

  it('on first sight knows which episodes aired but not when (no badge)', () => {
    const fresh = stored({
      nextEpisode: null,
      nextAiringAt: null,
      latestEpisode: null,
      latestEpisodeAt: null,
    })
    expect(latestAfterRefresh(fresh, releasing(5, hoursFromNow(10)), NOW)).toEqual({
      latestEpisode: 4,
      latestEpisodeAt: null,
    })
    expect(
      latestAfterRefresh(
        fresh,
        { status: 'FINISHED', episodes: 24, nextEpisode: null, nextAiringAt: null },
        NOW,
      ),
    ).toEqual({ latestEpisode: 24, latestEpisodeAt: null })
    expect(latestAfterRefresh(fresh, releasing(1, hoursFromNow(10)), NOW)).toEqual({
      latestEpisode: null,
      latestEpisodeAt: null,
    })
  })

  it('never moves the latest episode back, whatever AniList says', () => {
    const episode = fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null })
    const time = fc.option(
      fc.integer({ min: -500, max: 500 }).map((hours) => hoursFromNow(hours)),
      { nil: null },
    )
    fc.assert(
      fc.property(
        episode,
        time,
        episode,
        time,
        episode,
        time,
        fc.constantFrom('RELEASING', 'FINISHED', 'HIATUS', 'CANCELLED', null),
        (next, nextAt, latest, latestAt, freshNext, freshAt, status) => {
          const before = {
            nextEpisode: next,
            nextAiringAt: nextAt,
            latestEpisode: latest,
            latestEpisodeAt: latestAt,
          }
          const after = latestAfterRefresh(
            before,
            { status, episodes: null, nextEpisode: freshNext, nextAiringAt: freshAt },
            NOW,
          )
          if (latest !== null) expect(after.latestEpisode).toBeGreaterThanOrEqual(latest)
          // An aired episode is never dated in the future.
          if (after.latestEpisodeAt !== null && after.latestEpisodeAt !== latestAt) {
            expect(after.latestEpisodeAt.getTime()).toBeLessThanOrEqual(NOW.getTime())
          }
        },
      ),
    )
  })
})
