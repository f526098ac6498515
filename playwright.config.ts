import { defineConfig, devices } from '@playwright/test'

// scripts/e2e-server.ts reads the same E2E_PORT (inherited) to listen on it.
const PORT = Number(process.env.E2E_PORT || 3210)
const BASE_URL = `http://127.0.0.1:${PORT}`

/**
 * End-to-end tests against the production build (`.output/`), which this
 * config never builds: `npm test` builds first; by hand run `npx vite build`.
 * The system Chromium is used; no browser is ever downloaded.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    // Every test starts from a blank browser in English on a desktop-sized window.
    locale: 'en-US',
    colorScheme: 'light',
    // No transitions mid-check: axe measures contrast on settled colours.
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${BASE_URL}/health`,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets scripts/e2e-server.ts stop the server and delete its temp data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // /health answers once a fresh database is created and migrated: over a minute under load.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
