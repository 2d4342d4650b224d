import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const srcFeatures = ['auth', 'vehicles', 'search', 'contact', 'notifications', 'settings', 'home'];
const serverFeatures = ['auth', 'vehicles', 'search', 'notifications', 'push', 'profile'];

/** Features never import each other: what two share lives in state/, lib/ or common/. */
const featureZones = (root, features) =>
  features.map((feature) => ({
    target: `./${root}/features/${feature}`,
    from: `./${root}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other; move what they share to a shared folder.',
  }));

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', 'server/db/migrations/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('src', srcFeatures),
            ...featureZones('server', serverFeatures),
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
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ofetch', message: 'Use src/lib/api-client.' },
            { name: 'idb-keyval', message: 'Use src/lib/persist.' },
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
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
