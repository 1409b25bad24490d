import { defineConfig } from 'vitest/config';
import { MOCKING, webTest } from './vitest.shared.ts';

export default defineConfig({
  ...webTest,
  test: { ...webTest.test, name: 'web-mocks', include: MOCKING },
});
