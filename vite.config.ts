import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRERENDERED_PAGE } from './common/prerender';
import { notYetLoaded, recordStaticImports } from './scripts/preload-lists';
import { prerenderSignIn } from './scripts/prerender';
import { signedInStart } from './scripts/signed-in-start';

/**
 * react-router 7's package exports always point at its development build (dev warnings on, and
 * bigger); a production build takes the production one, which has the same API.
 */
const productionBuildOf = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: productionBuildOf('index.mjs') },
  { find: /^react-router\/dom$/, replacement: productionBuildOf('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? reactRouterProduction : [],
    // A checkout whose node_modules is a link to another's (a second working copy) names the modules,
    // and so the build manifest's chunks, by the path inside this project, not by the link's target.
    preserveSymlinks: true,
  },
  plugins: [
    react(),
    recordStaticImports(),
    signedInStart(),
    prerenderSignIn(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // The worker answers every navigation with the neutral shell, index.html, never the sign-in
        // screen prerendered for visitors (a signed-in user must not see it flash).
        globIgnores: ['**/node_modules/**/*', PRERENDERED_PAGE],
      },
    }),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    // Every browser the app targets (es2022: Chrome 94+ on the phones it is for) preloads modules itself.
    modulePreload: { polyfill: false, resolveDependencies: notYetLoaded },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry chunk holds every module loaded before the first screen (those it imports
          // statically): rolldown would otherwise put the ones that later chunks also import (the
          // store, the token, the languages) in chunks of their own, each a request and a file's
          // gzip overhead more on every start (0.7 KB of the first load of /login).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:8787' },
    },
  },
}));
