import { defineConfig, devices } from '@playwright/test';

/** Journeys run against the real built server (see harness/global-setup.ts) in Debian's Chromium. */
export default defineConfig({
  testDir: './journeys',
  outputDir: '../../test-results/e2e',
  globalSetup: './harness/global-setup.ts',
  // Files run two at a time (the tests of a file in order). The dashboard counts the demo's
  // instances and requests exactly, so it runs first, before other journeys add their own.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'demo-counts', testMatch: /dashboard\.spec\.ts/ },
    { name: 'journeys', testIgnore: /dashboard\.spec\.ts/, dependencies: ['demo-counts'] },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
