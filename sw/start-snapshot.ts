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

/** The built shell's entry, and the early script that can run it (scripts/signed-in-start.ts). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * The entry fetched and compiled at once but run by the early script once the snapshot has been
 * painted (src/early-start.ts): evaluating it keeps the main thread busy for a few hundred
 * milliseconds on a slow phone, which would otherwise come before the snapshot's first frame.
 */
function entryAfterFirstFrame(shell: string): string {
  if (!shell.includes(`<script ${EARLY_SCRIPT_MARK}>`)) return shell;
  return shell.replace(
    ENTRY_SCRIPT,
    (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}" data-entry>`,
  );
}

/** The shell's markup with the snapshot inside `#root` and its stylesheets in the head. */
export function shellWithSnapshot(shell: string, snapshot: StartSnapshot): string {
  if (!shell.includes(EMPTY_ROOT)) return shell;
  const styles = snapshot.styles
    .filter((href) => !shell.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`)
    .join('');
  const root = `<div id="root" data-snapshot="${escapeAttribute(snapshot.userId)}">${snapshot.html}</div>`;
  // The snapshot is the first screen: the cold start's templates would only be parsed for nothing.
  return entryAfterFirstFrame(shell)
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
  return new Response(shellWithSnapshot(await shell.text(), snapshot), {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  });
}
