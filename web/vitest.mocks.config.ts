import { defineConfig } from 'vitest/config';
import { MOCKING, webTest } from './vitest.shared';

export default defineConfig({
  ...webTest,
  test: { ...webTest.test, name: 'web-mocks', include: MOCKING },
});
