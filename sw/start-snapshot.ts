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

/**
 * The shell's markup with the snapshot inside `#root` and its stylesheets in the head; `earlyScript`:
 * whether the shell's early script runs (earlyScriptRuns).
 */
export function shellWithSnapshot(shell: string, snapshot: StartSnapshot, earlyScript: boolean): string {
  if (!shell.includes(EMPTY_ROOT)) return shell;
  const styles = snapshot.styles
    .filter((href) => !shell.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`)
    .join('');
  const root = `<div id="root" data-snapshot="${escapeAttribute(snapshot.userId)}">${snapshot.html}</div>`;
  // The snapshot is the first screen: the cold start's templates would only be parsed for nothing.
  return entryAfterFirstFrame(shell, earlyScript)
    .replace(START_TEMPLATES, '')
    .replace('</head>', `${styles}</head>`)
    .replace(EMPTY_ROOT, () => root);
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
  const earlyScript = await earlyScriptRuns(html, headers.get('content-security-policy'));
  return new Response(shellWithSnapshot(html, snapshot, earlyScript), {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  });
}
