/**
 * Checks the production build in dist/ (npm test runs `vite build` first): what the service worker
 * precaches, that it is the only worker, the web app manifest and its icons, and that Firebase stays
 * out of every chunk loaded before sign-in.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const THEME_COLOR = '#0f766e';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
}

/** A chunk in Vite's build manifest (dist/.vite/manifest.json). */
interface ViteChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const read = (path: string) => readFileSync(join(dist, path), 'utf8');

function filesUnder(folder: string): string[] {
  return readdirSync(join(dist, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)));
}

/** Width and height from a PNG's IHDR chunk, which always follows the 8-byte signature. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(join(dist, path));
  expect(bytes.subarray(1, 4).toString('latin1'), `${path} is a PNG`).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('latin1'), `${path} starts with IHDR`).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Markers of the Firebase app and messaging SDKs that survive minification. */
const FIREBASE_MARKERS = ['firebase-heartbeat-database', 'fcmregistrations.googleapis.com'];
const hasFirebase = (file: string) => FIREBASE_MARKERS.some((marker) => read(file).includes(marker));

let serviceWorker: string;
let precached: string[];
let manifest: WebAppManifest;
let indexHtml: string;
let chunks: Map<string, ViteChunk>;

beforeAll(() => {
  if (!existsSync(join(dist, 'sw.js'))) {
    throw new Error('dist/sw.js is missing: run `npx vite build` before these tests (npm test does).');
  }
  serviceWorker = read('sw.js');
  precached = [...serviceWorker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  manifest = JSON.parse(read('manifest.webmanifest')) as WebAppManifest;
  indexHtml = read('index.html');
  chunks = new Map(Object.entries(JSON.parse(read('.vite/manifest.json')) as Record<string, ViteChunk>));
});

describe('the service worker precache', () => {
  it('holds the precache manifest injected by the build', () => {
    expect(serviceWorker).not.toContain('__WB_MANIFEST');
    expect(precached.length).toBeGreaterThan(0);
  });

  it('includes the shell, index.html', () => {
    expect(precached).toContain('index.html');
  });

  it('includes every JS chunk and stylesheet of the app', () => {
    const assets = filesUnder('assets').filter((file) => /\.(js|css)$/.test(file));
    expect(assets.some((file) => file.endsWith('.js'))).toBe(true);
    expect(precached).toEqual(expect.arrayContaining(assets));
  });

  it('includes the icons and the web app manifest', () => {
    expect(precached).toEqual(
      expect.arrayContaining([
        'manifest.webmanifest',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/icon-maskable-512.png',
        'icons/apple-touch-icon-180.png',
      ]),
    );
  });

  it('keeps API responses out: /api/ is on the navigation denylist', () => {
    expect(serviceWorker).toContain('/^\\/api\\//');
  });
});

describe('one service worker', () => {
  it('ships no firebase-messaging-sw.js', () => {
    expect(filesUnder('.').filter((file) => file.endsWith('firebase-messaging-sw.js'))).toEqual([]);
  });
});

describe('Firebase loading', () => {
  /** The files a chunk loads before it runs: itself and its static imports, transitively. */
  function staticClosure(key: string, seen = new Set<string>()): string[] {
    const chunk = chunks.get(key);
    if (chunk === undefined || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticClosure(imported, seen))];
  }

  it('is split into chunks loaded only on demand', () => {
    const firebase = [...chunks].filter(([key]) => key.startsWith('node_modules/firebase/'));
    expect(firebase.map(([key]) => key.split('/')[2]).sort()).toEqual(['app', 'messaging']);
    for (const [key, chunk] of firebase) {
      expect(chunk.isDynamicEntry, key).toBe(true);
      expect(staticClosure(key).some(hasFirebase), key).toBe(true);
    }
  });

  it('is loaded neither by the entry nor by any screen', () => {
    const appChunks = [...chunks].filter(([key, chunk]) => chunk.isEntry === true || key.startsWith('src/'));
    expect(appChunks.length).toBeGreaterThan(1);
    for (const [key] of appChunks) {
      expect(staticClosure(key).filter(hasFirebase), `${key} loads Firebase`).toEqual([]);
    }
  });
});

describe('the web app manifest', () => {
  it('describes the installed app', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Vahan Contact — Kerala vehicle owner contact',
      short_name: 'Vahan Contact',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
    });
    expect(manifest.description).not.toBe('');
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('offers 192 and 512 px icons for any purpose and a separate 512 px maskable one', () => {
    const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('lists icons that are PNGs of the size it states', () => {
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const { width, height } = pngSize(icon.src.replace(/^\//, ''));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('index.html', () => {
  it('links the manifest and sets the theme colour the manifest uses', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(indexHtml).toContain(`<meta name="theme-color" content="${THEME_COLOR}"`);
    expect(indexHtml).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1/);
  });

  it('links a 180 px apple-touch-icon', () => {
    const href = /<link rel="apple-touch-icon" href="\/([^"]+)"/.exec(indexHtml)?.[1];
    expect(href).toBeDefined();
    expect(pngSize(href ?? '')).toEqual({ width: 180, height: 180 });
  });
});

describe('the signed-in dashboard index.html holds for a cold start', () => {
  const templates = () =>
    [
      ...indexHtml.matchAll(
        /<template data-signed-in-start="(\w+)" data-path="([^"]+)">([\s\S]*?)<\/template>/g,
      ),
    ].map(([, language, path, markup]) => ({ language, path, markup: markup ?? '' }));

  it('is there in each language, of the dashboard the installed app starts at', () => {
    expect(templates().map(({ language, path }) => `${language} ${path}`)).toEqual([
      'en /dashboard',
      'ml /dashboard',
    ]);
  });

  it('has a slot for the name in the greeting and the menu, and one for the e-mail, and no other trace of a user', () => {
    const [en, ml] = templates();
    expect(en?.markup).toMatch(/<h2 id="[^"]+">Hello, <span data-fill="name"><\/span><\/h2>/);
    expect(ml?.markup).toMatch(/<h2 id="[^"]+">നമസ്കാരം, <span data-fill="name"><\/span><\/h2>/);
    for (const { markup } of templates()) {
      expect(markup).toContain('<p class="sidebar-name"><span data-fill="name"></span></p>');
      expect(markup).toContain('<p class="sidebar-email"><span data-fill="email"></span></p>');
      expect([...markup.matchAll(/data-fill="(\w+)"/g)].map(([, field]) => field).sort()).toEqual([
        'email',
        'name',
        'name',
      ]);
      expect(markup).not.toContain('\uE000');
    }
  });

  it('cannot send its form natively, and has its menu closed', () => {
    for (const { markup } of templates()) {
      expect(markup).toMatch(/<button type="submit"[^>]* disabled=""/);
      expect(markup).toContain('<div class="shell" data-menu-open="false">');
    }
  });

  it('is left out of the sign-in page prerendered for visitors', () => {
    expect(readFileSync(join(dist, 'prerendered/login.html'), 'utf8')).not.toContain('data-signed-in-start');
  });
});
