import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The catalogues, one per language for each program: the PWA (in two parts, so the first
 * load of /login carries only its own texts), common/ (templates, replies: the server renders them
 * in each reader's language, the PWA loads them with its signed-in part), the service worker and the
 * server. Every text is an `i18n._('id')` call; `npx lingui extract`
 * collects the ids, English lives in en.po (SPEC.md's words, typos included), Malayalam in ml.po, and
 * `npx lingui compile --typescript` writes the en.ts / ml.ts the programs import. See README, "Languages".
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ml'],
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      // What the first load of /login needs: the shell, the public screens and the toasts.
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: [
        '<rootDir>/src/app',
        '<rootDir>/src/components',
        '<rootDir>/src/features/auth',
        '<rootDir>/src/i18n',
        '<rootDir>/src/lib',
        '<rootDir>/src/state',
      ],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/testing/**',
        '**/app/signed-in-area.tsx',
        '**/app/dashboard-page.tsx',
        // /registration loads the signed-in part: its form and privacy notice (also the consent prompt's).
        '**/components/privacy-notice.tsx',
        '**/features/auth/registration-page.tsx',
        // The code screen (its countdown, change number) loads the signed-in part too: the next screen needs it.
        '**/features/auth/otp-page.tsx',
        // Used only by signed-in screens (the message form, the search miss's note, the details form,
        // search results, request statuses, dialogs, the bell).
        '**/components/text-with-suggestions.tsx',
        '**/components/name-problem-text.ts',
        '**/components/ownership-mark.tsx',
        '**/components/request-status.tsx',
        '**/components/modal.tsx',
        '**/state/notifications.ts',
      ],
    },
    {
      // Loaded with the signed-in shell: its screens.
      path: '<rootDir>/src/i18n/signed-in/{locale}',
      include: [
        '<rootDir>/src/features',
        '<rootDir>/src/app/signed-in-area.tsx',
        '<rootDir>/src/app/dashboard-page.tsx',
        '<rootDir>/src/components/privacy-notice.tsx',
        '<rootDir>/src/components/text-with-suggestions.tsx',
        '<rootDir>/src/components/name-problem-text.ts',
        '<rootDir>/src/components/ownership-mark.tsx',
        '<rootDir>/src/components/request-status.tsx',
        '<rootDir>/src/components/modal.tsx',
        '<rootDir>/src/state/notifications.ts',
        '<rootDir>/src/features/auth/registration-page.tsx',
      ],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/testing/**',
        '**/features/auth/auth-layout.tsx',
        '**/features/auth/login-page.tsx',
      ],
    },
    {
      // The texts both sides write: templates, replies, request states. The server renders them in
      // each reader's language; the PWA loads them with its signed-in part.
      path: '<rootDir>/common/i18n/locales/{locale}',
      include: ['<rootDir>/common'],
      exclude: ['**/*.test.ts'],
    },
    {
      path: '<rootDir>/sw/i18n/locales/{locale}',
      include: ['<rootDir>/sw'],
      exclude: ['**/*.test.ts'],
    },
    {
      path: '<rootDir>/server/i18n/locales/{locale}',
      include: ['<rootDir>/server'],
      exclude: ['**/*.test.ts', '**/testing/**'],
    },
  ],
});
