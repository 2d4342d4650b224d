/**
 * A Vite build step: renders the sign-in screen of a visitor (src/prerender.tsx, through Vite's SSR
 * module loader) into a copy of the built index.html, dist/prerendered/login.html (PRERENDERED_PAGE). The server sends it
 * for `/` and `/login` to visitors whose browser prefers English (server/plugins/static-pwa.ts), so
 * their first paint needs no JavaScript; src/main.tsx hydrates it. index.html stays the neutral shell
 * that the service worker and every other route serve.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PRERENDERED_PAGE, PRERENDERED_PATHS } from '../common/prerender';
import { withAppModule } from './app-module';
import { withoutSignedInStart } from './signed-in-start';

const EMPTY_ROOT = '<div id="root"></div>';
/** The screen prerendered, as Vite's build manifest names its chunk. */
const LOGIN_SCREEN = 'src/features/auth/login-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The stylesheets of a chunk and of everything it imports statically (so, with the entry's). */
function stylesheetsOf(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): string[] {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [
    ...(chunk.imports ?? []).flatMap((imported) => stylesheetsOf(manifest, imported, seen)),
    ...(chunk.css ?? []),
  ];
}

/**
 * index.html made into the prerendered page: the screen in #root, its stylesheets linked (they would
 * otherwise arrive with its chunk, and move what was painted), and the scripts fetched at low
 * priority, since nothing of the first paint waits for them any more.
 */
function prerenderedPage(template: string, markup: string, stylesheets: string[]): string {
  const links = stylesheets
    .filter((href) => !template.includes(`href="/${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`);
  return withoutSignedInStart(template)
    .replace(EMPTY_ROOT, `<div id="root" data-prerendered="${PRERENDERED_PATHS.join(' ')}">${markup}</div>`)
    .replaceAll(
      '<script type="module" crossorigin ',
      '<script type="module" crossorigin fetchpriority="low" ',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin ',
      '<link rel="modulepreload" crossorigin fetchpriority="low" ',
    )
    .replace('</head>', `${links.map((link) => `  ${link}\n  `).join('')}</head>`);
}

interface PrerenderModule {
  prerender(pathname: string): Promise<string>;
}

function renderSignIn(root: string): Promise<string> {
  return withAppModule(root, '/src/prerender.tsx', async ({ prerender }: PrerenderModule) => {
    const [markup, ...others] = await Promise.all(PRERENDERED_PATHS.map((pathname) => prerender(pathname)));
    // One page serves every path, so what each renders must be the same.
    if (markup === undefined || others.some((other) => other !== markup)) {
      throw new Error(`${PRERENDERED_PATHS.join(' and ')} do not render the same sign-in screen`);
    }
    return markup;
  });
}

export function prerenderSignIn(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'vahan:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes(EMPTY_ROOT))
        throw new Error(`index.html has no ${EMPTY_ROOT} to prerender into`);
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const page = prerenderedPage(template, await renderSignIn(root), stylesheetsOf(manifest, LOGIN_SCREEN));
      await mkdir(path.dirname(path.join(outDir, PRERENDERED_PAGE)), { recursive: true });
      await writeFile(path.join(outDir, PRERENDERED_PAGE), page);
    },
  };
}
