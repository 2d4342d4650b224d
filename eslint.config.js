import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The feature folders as they are on disk, so a new feature is covered without editing this file. */
const featuresIn = (root) =>
  readdirSync(`${root}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Code that ships (tests and test support are checked by the other rules only). */
const production = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts', 'common/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'src/vite-env.d.ts'],
};

/** One-way layers of the PWA: app → features → components / lib / state → common. */
const clientLayers = [
  { target: './src/features', from: './src/app', message: 'Features do not import the app shell.' },
  {
    target: ['./src/components', './src/lib', './src/state'],
    from: ['./src/app', './src/features'],
    message: 'Shared code does not import the app shell or a feature.',
  },
  { target: './src/lib', from: './src/state', message: 'lib/ wraps libraries and never imports state.' },
  { target: './src/components', from: './src/state', message: 'Components take what they show as props.' },
];

/**
 * One-way layers of the server: features (HTTP edges) → domain (the product's rules) → providers (SMS,
 * telephony, RC checks, push) → lib (code that knows nothing of the product).
 */
const serverLayers = [
  {
    target: ['./server/domain', './server/providers', './server/lib', './server/limits', './server/db'],
    from: './server/features',
    message: 'Only the app and the features import a feature: move what others need to domain/.',
  },
  {
    target: ['./server/providers', './server/lib'],
    from: './server/domain',
    message: 'Providers and lib/ know nothing of the domain.',
  },
  { target: './server/lib', from: './server/providers', message: 'lib/ knows nothing of the providers.' },
];

/** Features never import each other: what two share lives in state/, lib/ or common/. */
const featureZones = (root, features, shared = []) =>
  features.map((feature) => ({
    target: `./${root}/features/${feature}`,
    from: `./${root}/features`,
    except: [`./${feature}`, ...shared],
    message: 'Features do not import each other; move what they share to a shared folder.',
  }));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'coverage/',
      'node_modules/',
      'server/db/migrations/',
      'bench/results/',
      '**/i18n/locales/*.ts',
      'src/i18n/signed-in/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('src', featuresIn('src')),
            ...featureZones('server', featuresIn('server')),
            ...serverLayers,
            ...clientLayers,
            {
              target: './sw',
              from: ['./src', './server'],
              message: 'The worker shares only common/ with the PWA.',
            },
            {
              target: './common',
              from: ['./src', './server', './sw'],
              message: 'common/ imports nothing of ours.',
            },
            {
              target: './src',
              from: ['./server', './sw'],
              message: 'The PWA talks to the server over HTTP only.',
            },
            { target: './server', from: ['./src', './sw'], message: 'The server does not import the PWA.' },
            {
              target: './server',
              from: ['./common/outbox', './common/http.ts', './common/worker-store.ts'],
              message:
                "The outbox and the client's transport are the PWA's and the worker's, not the server's.",
            },
          ],
        },
      ],
    },
  },
  {
    ...production,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A file past this is several modules in one: split it by area (an index may re-export the parts).
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/state/persist*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '#common/http', importNames: ['createClient'], message: 'Use src/lib/api-client.' },
            { name: 'idb-keyval', message: 'Use src/state/persist.' },
            { name: 'jotai', message: 'Use src/lib/store.' },
          ],
          patterns: [
            { group: ['firebase', 'firebase/*'], message: 'Firebase is wrapped once in src/lib/push.' },
            { group: ['jotai/vanilla', 'jotai/utils'], message: 'Store helpers live in src/lib/store.' },
          ],
        },
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
