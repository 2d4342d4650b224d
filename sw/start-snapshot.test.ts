import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dropOtherUsersSnapshots,
  readStartSnapshot,
  saveStartSnapshot,
  type StartSnapshot,
} from '#common/start-snapshot';
import { clearWorkerStore, type WorkerSession } from '#common/worker-store';
import { answerWithSnapshot, earlyScriptRuns, shellWithSnapshot } from './start-snapshot';

afterEach(() => clearWorkerStore());

const NOW = Date.UTC(2026, 10, 28, 9, 0);
const DAY = 86_400_000;
const SHELL =
  '<!doctype html><html><head><link rel="stylesheet" href="/assets/index-a1.css"></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-b2.js"></script></body></html>';

const snapshotOf = (userId: string, path = '/dashboard', expiresAt = NOW + 90 * DAY): StartSnapshot => ({
  userId,
  path,
  html: `<div class="shell"><h1>Hello, ${userId} $&</h1></div>`,
  styles: ['/assets/index-a1.css', '/assets/signed-in-area-c3.css'],
  expiresAt,
});

const shellResponse = () =>
  new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-length': '200' } });
const depsFor = (session: WorkerSession | null, stylesheets: Record<string, string> = {}) => ({
  session: async () => session,
  now: () => NOW,
  stylesheet: async (href: string) => stylesheets[href] ?? null,
});
const anu: WorkerSession = { userId: 'user-anu', token: 'token-anu' };

describe('the start snapshot store', () => {
  it('gives back the snapshot of the same user and route', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    expect(await readStartSnapshot('user-anu', '/dashboard', NOW)).toEqual(snapshotOf('user-anu'));
  });

  it('gives nothing for another route or another user', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    expect(await readStartSnapshot('user-anu', '/', NOW)).toBeNull();
    expect(await readStartSnapshot('user-ravi', '/dashboard', NOW)).toBeNull();
  });

  it('removes a snapshot older than the session lifetime when it is read', async () => {
    await saveStartSnapshot(snapshotOf('user-anu', '/dashboard', NOW));
    expect(await readStartSnapshot('user-anu', '/dashboard', NOW)).toBeNull();
    expect(await readStartSnapshot('user-anu', '/dashboard', NOW - DAY)).toBeNull();
  });

  it("drops every other user's snapshots when a user's is saved", async () => {
    await saveStartSnapshot(snapshotOf('user-ravi', '/'));
    await saveStartSnapshot(snapshotOf('user-ravi'));
    await saveStartSnapshot(snapshotOf('user-anu'));
    expect(await readStartSnapshot('user-ravi', '/', NOW)).toBeNull();
    expect(await readStartSnapshot('user-ravi', '/dashboard', NOW)).toBeNull();
    expect(await readStartSnapshot('user-anu', '/dashboard', NOW)).not.toBeNull();
  });

  it('keeps the snapshots of the user it is told to keep', async () => {
    await saveStartSnapshot(snapshotOf('user-anu', '/'));
    await dropOtherUsersSnapshots('user-anu');
    expect(await readStartSnapshot('user-anu', '/', NOW)).not.toBeNull();
  });

  it('is emptied with the rest of the worker store (logout, 401, deleted account)', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    await clearWorkerStore();
    expect(await readStartSnapshot('user-anu', '/dashboard', NOW)).toBeNull();
  });

  it('ignores a record that is not a snapshot, or links a stylesheet from elsewhere', async () => {
    await saveStartSnapshot({ ...snapshotOf('user-anu'), styles: ['https://elsewhere.example/x.css'] });
    expect(await readStartSnapshot('user-anu', '/dashboard', NOW)).toBeNull();
  });
});

describe('the navigation answer', () => {
  it("puts the signed-in user's snapshot inside #root, with its stylesheets", async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    const answer = await answerWithSnapshot(
      shellResponse(),
      new URL('https://app.test/dashboard'),
      depsFor(anu),
    );
    const html = await answer.text();
    expect(html).toContain(
      '<div id="root" data-snapshot="user-anu"><div class="shell"><h1>Hello, user-anu $&</h1>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/signed-in-area-c3.css"></head>');
    expect(html.match(/index-a1\.css/g)).toHaveLength(1);
    expect(answer.headers.get('content-type')).toBe('text/html');
    expect(answer.headers.get('content-length')).toBeNull();
  });

  it('carries the stylesheets it has cached inline, each after a disabled link to it, in their order', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    const answer = await answerWithSnapshot(
      shellResponse(),
      new URL('https://app.test/dashboard'),
      depsFor(anu, {
        '/assets/index-a1.css': 'body{margin:0}',
        '/assets/signed-in-area-c3.css': '.shell{gap:1rem}',
      }),
    );
    const html = await answer.text();
    expect(html).toContain(
      '<head><link rel="stylesheet" href="/assets/index-a1.css" disabled>' +
        '<style data-href="/assets/index-a1.css">body{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/signed-in-area-c3.css" disabled>' +
        '<style data-href="/assets/signed-in-area-c3.css">.shell{gap:1rem}</style></head>',
    );
  });

  it('links a stylesheet it has not cached, or one whose text could end the style element', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    const answer = await answerWithSnapshot(
      shellResponse(),
      new URL('https://app.test/dashboard'),
      depsFor(anu, { '/assets/index-a1.css': 'a::after{content:"</style>"}' }),
    );
    const html = await answer.text();
    expect(html).toContain(
      '<head><link rel="stylesheet" href="/assets/index-a1.css">' +
        '<link rel="stylesheet" href="/assets/signed-in-area-c3.css"></head>',
    );
    expect(html).not.toContain('<style');
  });

  it('is the plain shell for a route with no snapshot', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    const answer = await answerWithSnapshot(
      shellResponse(),
      new URL('https://app.test/settings'),
      depsFor(anu),
    );
    expect(await answer.text()).toBe(SHELL);
  });

  it('is the plain shell with no session (signed out), or for a user with no snapshot', async () => {
    await saveStartSnapshot(snapshotOf('user-anu'));
    const url = new URL('https://app.test/dashboard');
    expect(await (await answerWithSnapshot(shellResponse(), url, depsFor(null))).text()).toBe(SHELL);
    const ravi = { userId: 'user-ravi', token: 'token-ravi' };
    expect(await (await answerWithSnapshot(shellResponse(), url, depsFor(ravi))).text()).toBe(SHELL);
  });

  it('is the plain shell once the snapshot has expired', async () => {
    await saveStartSnapshot(snapshotOf('user-anu', '/dashboard', NOW - 1));
    const answer = await answerWithSnapshot(
      shellResponse(),
      new URL('https://app.test/dashboard'),
      depsFor(anu),
    );
    expect(await answer.text()).toBe(SHELL);
  });

  it('has the built entry preloaded, for the early script to run once the snapshot has painted', () => {
    const built =
      '<html><head><script type="module" crossorigin src="/assets/index-b2.js"></script>' +
      '<script data-early-start>run()</script></head>' +
      '<body><div id="root"></div></body></html>';
    const html = shellWithSnapshot(built, snapshotOf('user-anu'), true);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-b2.js" data-entry>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<script data-early-start>run()</script>');
  });

  it('leaves out the cold start’s templates, which the snapshot makes useless', () => {
    const built =
      '<html><head></head><body><div id="root"></div>\n    <template data-signed-in-start="en" data-path="/dashboard"><div class="shell">Hello</div></template>' +
      '\n    <template data-signed-in-start="ml" data-path="/dashboard"><div class="shell">നമസ്കാരം</div></template>\n  </body></html>';
    const html = shellWithSnapshot(built, snapshotOf('user-anu'), false);
    expect(html).not.toContain('<template');
    expect(html).toContain('</div>\n  </body></html>');
  });

  it('keeps the entry a script where no early script would run it', () => {
    const built =
      '<html><head><script type="module" crossorigin src="/assets/index-b2.js"></script>' +
      '<script data-early-start>run()</script></head><body><div id="root"></div></body></html>';
    expect(shellWithSnapshot(built, snapshotOf('user-anu'), false)).toContain(
      '<script type="module" crossorigin src="/assets/index-b2.js"></script>',
    );
  });

  it('leaves a shell without an empty #root as it is', () => {
    const shell = '<html><head></head><body><div id="root">x</div></body></html>';
    expect(shellWithSnapshot(shell, snapshotOf('user-anu'), true)).toBe(shell);
  });
});

describe('earlyScriptRuns', () => {
  const shell = '<html><head><script data-early-start>run()</script></head></html>';
  // SHA-256 of `run()` and of `other()`, in base64 (as `openssl dgst -sha256 -binary | base64` prints them).
  const hash = "'sha256-AvyuiL0SD1mVY3NNxR+V2uo+lhk6RMFrytWmRt6CrJQ='";
  const other = "'sha256-b7ZWi3LsNpdSzQMhFSRcnH0HxREup64aTXaFV5IXYCM='";

  it('is true when the policy the shell came with names the early script by its hash', async () => {
    expect(await earlyScriptRuns(shell, `default-src 'self';script-src 'self' ${hash}`)).toBe(true);
  });

  it('is false when the policy names another script (a server older than this build)', async () => {
    expect(await earlyScriptRuns(shell, `script-src 'self' ${other}`)).toBe(false);
    expect(await earlyScriptRuns(shell, "script-src 'self'")).toBe(false);
  });

  it('is false for a shell without an early script, and true for one served with no policy', async () => {
    expect(await earlyScriptRuns('<html><head></head></html>', `script-src ${hash}`)).toBe(false);
    expect(await earlyScriptRuns(shell, null)).toBe(true);
  });
});
