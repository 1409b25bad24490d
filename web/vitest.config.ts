import { defineConfig } from 'vitest/config';
import { MOCKING, webTest } from './vitest.shared.ts';

export default defineConfig({
  ...webTest,
  test: {
    ...webTest.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: MOCKING,
    // A fresh process per file started Node, jsdom, React and Mantine 42 times over: about half
    // the CPU of this project. Files clean up after themselves (test/setup.ts), so a worker runs
    // them one after another on what it has loaded; threads start faster than processes.
    pool: 'threads',
    isolate: false,
  },
});
