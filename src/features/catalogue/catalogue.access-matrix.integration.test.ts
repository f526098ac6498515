import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'

/*
 * The catalogue holds what channels and animes are and the clients that learn
 * it; nothing in it takes an actor. The domains above authorize first, then
 * call it with the payer whose quota share a look-up spends. So no server
 * function reaches a row here; the one whose handler calls the catalogue
 * itself (retryPendingLookups, through the look-up limit) is called over the
 * wire in src/features/transfer/transfer.functions.integration.test.ts.
 */
describeAccessMatrix('catalogue', {
  folder: 'src/features/catalogue',
  modules: [],
  notHere: {
    'src/features/catalogue/anilist.server': "AniList's GraphQL client; public facts only",
    'src/features/catalogue/anime-airing.server': 'columns of the entry DTOs; reads nothing itself',
    'src/features/catalogue/anime-refresh.server':
      'the daily AniList refresh of every anime in some library; a job, takes no actor',
    'src/features/catalogue/catalogue.server':
      'upserts public channel facts for the callers that authorized the write',
    'src/features/catalogue/google-grants.server':
      'ends the grants of the account the caller names (account deletion, unlinking); takes no actor',
    'src/features/catalogue/google-oauth.server': "Google's OAuth endpoints; no database rows",
    'src/features/catalogue/http.server': 'the outbound HTTP helpers of the clients here',
    'src/features/catalogue/lookup-limit.server':
      'the per-user and per-address look-up limits, hit by the callers with their actor',
    'src/features/catalogue/quota.server':
      'the quota ledger: books units for the payer the caller names; takes no actor',
    'src/features/catalogue/youtube-channel-page.server': "YouTube's public channel pages",
    'src/features/catalogue/youtube-client.server':
      'the YouTube client for a payer, charged to their share by the ledger',
    'src/features/catalogue/youtube-data-api.server': "YouTube's Data API; public facts only",
    'src/features/catalogue/youtube-rss.server': "YouTube's RSS feeds; public facts only",
    'src/features/catalogue/youtube-send.server': 'sends one request to YouTube, with retries',
    'src/features/catalogue/youtube-subscriptions.server':
      "reads the connected account's subscriptions for Connect YouTube, after it authorized",
    'src/features/catalogue/youtube.server': 'resolves channel references against YouTube',
  },
})
