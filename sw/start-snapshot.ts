/**
 * The warm start: the worker answers a navigation to the dashboard with the precached shell and the
 * signed-in user's last snapshot of that route inside `#root` (common/start-snapshot.ts), so the
 * greeting paints from this answer alone; the app then replaces it in one commit (src/main.tsx).
 */
import {
  EARLY_SCRIPT_MARK,
  readStartSnapshot,
  SNAPSHOT_PATHS,
  START_TEMPLATES,
  type StartSnapshot,
} from '#common/start-snapshot';
import type { WorkerSession } from '#common/worker-store';

interface SnapshotDeps {
  /** The signed-in user as the page left them for the worker; null after a logout or a 401. */
  session(): Promise<WorkerSession | null>;
  now(): number;
  /** A built stylesheet's text from the precache; null when it is not there. */
  stylesheet(href: string): Promise<string | null>;
}

const EMPTY_ROOT = '<div id="root"></div>';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The built shell's entry, and its early script (scripts/signed-in-start.ts). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const EARLY_SCRIPT = new RegExp(`<script ${EARLY_SCRIPT_MARK}>([\\s\\S]*?)</script>`);

/**
 * Whether the shell's early script runs under the Content-Security-Policy it came with, which names it
 * by its hash (a server started before this build was made names another script, and the browser
 * refuses this one).
 */
export async function earlyScriptRuns(shell: string, policy: string | null): Promise<boolean> {
  const script = EARLY_SCRIPT.exec(shell)?.[1];
  if (script === undefined) return false;
  if (policy === null) return true;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return policy.includes(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
}

/**
 * The entry fetched and compiled at once but run by the early script once the snapshot has been
 * painted (src/early-start.ts): evaluating it keeps the main thread busy for a few hundred
 * milliseconds on a slow phone, which would otherwise come before the snapshot's first frame. Only
 * where that script runs: otherwise nothing would ever run the entry.
 */
function entryAfterFirstFrame(shell: string, earlyScript: boolean): string {
  if (!earlyScript) return shell;
  return shell.replace(
    ENTRY_SCRIPT,
    (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}" data-entry>`,
  );
}

/** The shell's own stylesheet links. */
const SHELL_STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/** Every stylesheet the answer needs: the shell's own, then the snapshot's others. */
export function stylesheetsOf(shell: string, snapshot: StartSnapshot): string[] {
  const own = [...shell.matchAll(SHELL_STYLESHEET)].map((match) => match[1] ?? '');
  return [...new Set([...own, ...snapshot.styles])];
}

/**
 * A stylesheet as the answer carries it: its text inline when the worker has it, so that the first
 * paint waits for no fetch, after a disabled link to it (never fetched), which tells the app's
 * scripts it is there (they would link it again, and its rules would come again after later ones)
 * and the next snapshot that the screen needs it; a link otherwise.
 */
function stylesheet(href: string, inline: ReadonlyMap<string, string>): string {
  const text = inline.get(href);
  const link = `<link rel="stylesheet" href="${escapeAttribute(href)}"`;
  return text === undefined || text.includes('</')
    ? `${link}>`
    : `${link} disabled><style data-href="${escapeAttribute(href)}">${text}</style>`;
}

/**
 * The shell's markup with the snapshot inside `#root` and every stylesheet it needs in the head,
 * inline where `inline` has its text (by href); `earlyScript`: whether the shell's early script runs
 * (earlyScriptRuns).
 */
export function shellWithSnapshot(
  shell: string,
  snapshot: StartSnapshot,
  earlyScript: boolean,
  inline: ReadonlyMap<string, string> = new Map(),
): string {
  if (!shell.includes(EMPTY_ROOT)) return shell;
  const styles = snapshot.styles
    .filter((href) => !shell.includes(`href="${href}"`))
    .map((href) => stylesheet(href, inline))
    .join('');
  const root = `<div id="root" data-snapshot="${escapeAttribute(snapshot.userId)}">${snapshot.html}</div>`;
  // The snapshot is the first screen: the cold start's templates would only be parsed for nothing.
  return entryAfterFirstFrame(shell, earlyScript)
    .replace(START_TEMPLATES, '')
    .replace(SHELL_STYLESHEET, (_, href: string) => stylesheet(href, inline))
    .replace('</head>', () => `${styles}</head>`)
    .replace(EMPTY_ROOT, () => root);
}

/** The texts of these stylesheets that the worker has, by href. */
async function cachedStylesheets(hrefs: string[], deps: SnapshotDeps): Promise<Map<string, string>> {
  const texts = await Promise.all(hrefs.map((href) => deps.stylesheet(href).catch(() => null)));
  return new Map(hrefs.flatMap((href, index) => (texts[index] ? [[href, texts[index]] as const] : [])));
}

async function snapshotFor(url: URL, deps: SnapshotDeps): Promise<StartSnapshot | null> {
  if (!SNAPSHOT_PATHS.includes(url.pathname)) return null;
  try {
    const session = await deps.session();
    return session === null ? null : await readStartSnapshot(session.userId, url.pathname, deps.now());
  } catch (error) {
    console.error('Could not read the start snapshot', error);
    return null;
  }
}

/**
 * The shell as it is, or with the signed-in user's snapshot of `url`'s route when there is one; the
 * shell is looked up in the precache while the snapshot is read.
 */
export async function answerWithSnapshot(
  shellAnswer: Response | Promise<Response>,
  url: URL,
  deps: SnapshotDeps,
): Promise<Response> {
  const [shell, snapshot] = await Promise.all([shellAnswer, snapshotFor(url, deps)]);
  if (snapshot === null || !shell.ok) return shell;
  const headers = new Headers(shell.headers);
  headers.delete('content-length');
  const html = await shell.text();
  const [earlyScript, inline] = await Promise.all([
    earlyScriptRuns(html, headers.get('content-security-policy')),
    cachedStylesheets(stylesheetsOf(html, snapshot), deps),
  ]);
  return new Response(shellWithSnapshot(html, snapshot, earlyScript, inline), {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  });
}
