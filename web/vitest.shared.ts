import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';

/** What both web projects share: React, jsdom, the setup file. */
export const webTest = {
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    testTimeout: 20_000,
  },
} satisfies ViteUserConfig;

/** The files that replace a module (vi.mock): they need a module graph of their own. */
export const MOCKING = [
  'src/lib/uploads.test.ts',
  'src/features/forms/components/proof-field.test.tsx',
  'src/features/forms/form-instance.page.test.tsx',
  'src/features/instances/components/inspections.test.tsx',
];
