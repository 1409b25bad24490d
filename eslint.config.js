import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const webNotServer = {
  group: ['**/server/**', '@agroselo/server'],
  message: 'web must not import server code',
};

// The app's first screen must stay light (≤ 180 KB of JS, npm run bench:web): date libraries come
// in through one module each, which also brings their pt-BR locale and styles.
const heavyOnFirstScreen = [
  {
    name: '@mantine/dates',
    message: "import date inputs from 'components/dates' (it loads their styles and pt-BR locale)",
  },
  { name: 'dayjs', message: "import { dayjs } from 'lib/dayjs' (it sets the pt-BR locale)" },
];

/**
 * The web app's floors, bottom up (docs/architecture.md): api/ and device/; lib/; session/ and
 * queries/; offline/; components/; features/; app/; the entries (main.tsx, prerender.tsx). A
 * folder imports only from floors below it: a feature never imports another feature nor the app
 * that composes them, and nothing below the features imports them.
 */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const below = (target, from, message) => ({ target, from, message });
const webFloors = [
  ...FEATURES.map((feature) =>
    below(
      `./web/src/features/${feature}`,
      [
        './web/src/app',
        ...FEATURES.filter((other) => other !== feature).map(
          (other) => `./web/src/features/${other}`,
        ),
      ],
      'a feature imports neither another feature nor app/: share it from components/, queries/ or lib/, or let app/ compose the two',
    ),
  ),
  below(
    ['./web/src/components', './web/src/offline', './web/src/session', './web/src/queries'],
    ['./web/src/features', './web/src/app'],
    'shared code sits below the features: it never imports a feature or app/',
  ),
  below(
    './web/src/lib',
    [
      './web/src/features',
      './web/src/app',
      './web/src/components',
      './web/src/session',
      './web/src/queries',
      './web/src/offline',
    ],
    'lib/ sits on the ground floor with api/ and device/: it imports nothing of the app above them',
  ),
  below(
    ['./web/src/api', './web/src/device'],
    [
      './web/src/features',
      './web/src/app',
      './web/src/components',
      './web/src/session',
      './web/src/queries',
      './web/src/offline',
      './web/src/lib',
    ],
    'api/ and device/ are the ground floor: they import nothing of the app above them',
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'web/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [webNotServer], paths: heavyOnFirstScreen }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // Tests may reach across floors to set a page up as the app does.
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/test-data.ts', 'web/src/**/test-page.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webFloors }] },
  },
  {
    // The one place each of these libraries comes in, with its locale and styles; the providers
    // take only DatesProvider (a React context) from @mantine/dates.
    files: ['web/src/components/dates.ts', 'web/src/lib/dayjs.ts', 'web/src/app/providers.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNotServer] }] },
  },
  {
    // Playwright fixtures must destructure their first argument, even when it is empty.
    files: ['web/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@agroselo/web'], message: 'server must not import web code' },
          ],
        },
      ],
    },
  },
);
