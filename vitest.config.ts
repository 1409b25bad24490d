import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          // Tests that stop and start a PostgreSQL of their own run only in server-pg.
          exclude: ['server/test/pg/**'],
          globalSetup: ['server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: [
            'server/test/api/**/*.test.ts',
            'server/test/*.test.ts',
            'server/test/security/**/*.test.ts',
            'server/test/pg/**/*.test.ts',
          ],
          globalSetup: ['server/test/support/global-setup.ts'],
          env: { TEST_DRIVER: 'pg' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
