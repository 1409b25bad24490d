import { defineConfig, devices } from '@playwright/test';
import { journeyBrowser } from '../../scripts/journey-browser.mjs';

/**
 * The files of the longest journeys (about 40 s or more each on a quiet machine) or of a serial pair:
 * the profile's e-mail change and the users' promotion ended the run when they came last.
 */
const LONG =
  /(review|uploads|properties|forms|form-logic|seals|workflow|safras|privacy|registry|profile|users)\.spec\.ts/;

/**
 * Journeys run against the real built server (see harness/global-setup.ts) in Debian's Chromium
 * (its headless shell when installed: scripts/journey-browser.mjs).
 */
export default defineConfig({
  testDir: './journeys',
  outputDir: '../../test-results/e2e',
  globalSetup: './harness/global-setup.ts',
  // Every journey builds its own data (unique names, accounts and seals), so the tests of a file
  // share out between the two workers rather than one file keeping one worker to its end. The
  // dashboard counts the demo's instances and requests exactly, so it runs first, before other
  // journeys add their own.
  fullyParallel: true,
  workers: 2,
  projects: [
    { name: 'demo-counts', testMatch: /dashboard\.spec\.ts/ },
    // The files of the longest journeys are handed out first, so that the end of the run is not
    // one long journey on one worker while the other has nothing left.
    { name: 'long-journeys', testMatch: LONG, dependencies: ['demo-counts'] },
    {
      name: 'journeys',
      testIgnore: [/dashboard\.spec\.ts/, LONG],
      dependencies: ['demo-counts'],
    },
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
    // The theme respects it (respectReducedMotion): modals and menus open at once instead of each
    // step waiting out their transitions. Contexts a journey makes itself inherit it too.
    reducedMotion: 'reduce',
    // The service worker (issue 42) would precache the whole app in every journey's browser: only
    // the offline journeys (offline.spec.ts) allow it, in contexts of their own.
    serviceWorkers: 'block',
    // Without a limit an action waits for its element as long as the test lives (a click on a
    // vistoria photo that never appeared held the review cycle to its 5 minutes): it fails
    // within these with the locator it waited for.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // A trace records a screencast and a DOM snapshot at every action: kept for every journey and
    // thrown away on success, it was 28 % of the journeys' CPU (the form and property files: 69
    // against 50 CPU-seconds, 40 against 32 s). A journey that fails once is traced on its retry.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: journeyBrowser(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
        // Debian's chromium adds --enable-gpu-rasterization (/etc/chromium.d/default-flags): with
        // no GPU, the GPU process then rasterizes every frame through SwiftShader. Raster in the
        // renderer cost the same journeys 14 % less CPU (78 against 91 CPU-seconds, two runs each).
        '--disable-gpu-rasterization',
      ],
    },
  },
});
