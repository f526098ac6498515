/**
 * Where scripts/e2e-server.ts runs the fake YouTube and AniList: fixed offsets
 * from the app's port, so a Playwright spec can reach a fake's control
 * endpoints (`GET /__fake/calls`, `POST /__fake/reset`) and a second suite on
 * another E2E_PORT gets its own fakes.
 */
export function e2eFakePorts(appPort: number): { youtube: number; anilist: number } {
  return { youtube: appPort + 100, anilist: appPort + 101 }
}

export const E2E_YOUTUBE_API_KEY = 'e2e-fake-key'
