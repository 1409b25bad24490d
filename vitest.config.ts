import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The seed factories hash with `server/test/support/factory-passwords.ts` in tests: one argon2id
 * hash per distinct password and process instead of one per user made (27 ms each, 10 to 21 users
 * per file). Only the factories' import is redirected: the app's routes still hash every password.
 */
const factoryPasswords: Plugin = {
  name: 'agroselo-factory-passwords',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === '../../lib/passwords' &&
      importer?.split('?')[0] === path.join(root, 'server/src/db/seed/factories.ts')
    )
      return path.join(root, 'server/test/support/factory-passwords.ts');
    return null;
  },
};

// The one server test that mocks a module (node:crypto): it needs a module graph of its own.
const MOCKING = ['server/test/security/codes-csprng.test.ts'];
// Tests of what lies before or beside the database (config, headers, door errors, multipart
// limits, the storage and tus protocols): their SQL is the same the API files run on
// PostgreSQL already, so a second run there proves nothing new.
const DRIVER_FREE = [
  'server/test/config.test.ts',
  'server/test/build-script.test.ts',
  'server/test/shutdown.test.ts',
  'server/test/server-node-args.test.ts',
  'server/test/api/http.test.ts',
  'server/test/api/storage-s3.test.ts',
  'server/test/api/uploads-tus.test.ts',
  'server/test/security/headers.test.ts',
  'server/test/security/uploads.test.ts',
];

export default defineConfig({
  test: {
    // Vitest leaves one core to its main process, which mostly waits: on a 2-core machine that is
    // one test file at a time and an idle core. Two workers there; the default above that.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A Mantine transition timer that outlives its test file fires after jsdom is torn down and
    // React then reads `window`. Nothing is left to test by then; any other stray error still fails.
    onUnhandledError(error) {
      const trace = `${error.message}\n${error.stack ?? ''}`;
      return !(
        trace.includes('window is not defined') && trace.includes('Transition/use-transition')
      );
    },
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'] } },
      {
        plugins: [factoryPasswords],
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          // Tests that stop and start a PostgreSQL of their own run only in server-pg.
          exclude: ['server/test/pg/**', ...MOCKING],
          // Each file builds its own app on its own database, so files can share loaded modules:
          // importing the server once per worker instead of once per file halves the run.
          isolate: false,
          globalSetup: ['server/test/support/global-setup.ts'],
          setupFiles: ['server/test/support/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [factoryPasswords],
        test: {
          name: 'server-mocks',
          include: MOCKING,
          globalSetup: ['server/test/support/global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [factoryPasswords],
        test: {
          name: 'server-pg',
          include: [
            'server/test/api/**/*.test.ts',
            'server/test/*.test.ts',
            'server/test/security/**/*.test.ts',
            'server/test/pg/**/*.test.ts',
          ],
          globalSetup: ['server/test/support/global-setup.ts'],
          setupFiles: ['server/test/support/setup.ts'],
          exclude: [...MOCKING, ...DRIVER_FREE],
          isolate: false,
          env: { TEST_DRIVER: 'pg' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'web/vitest.config.ts',
      'web/vitest.mocks.config.ts',
    ],
  },
});
