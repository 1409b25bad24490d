import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
