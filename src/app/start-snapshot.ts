/**
 * The page's half of the warm start: after each render of the signed-in dashboard it hands the
 * service worker a snapshot of the screen (common/start-snapshot.ts), which the worker serves inside
 * the shell on the next start (sw/start-snapshot.ts). What the snapshot must not carry goes: the open
 * menu, the progress bar, typed text; and the buttons that submit a form are off, so a tap made
 * before the app is attached cannot submit it natively.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import {
  dropOtherUsersSnapshots,
  isSnapshotStyle,
  saveStartSnapshot,
  SNAPSHOT_PATHS,
} from '#common/start-snapshot';
import { SESSION_MAX_DAYS_DEFAULT } from '#common/session-lifetime';
import { appStore, useAtomValue } from '../lib/store';
import { tokenAtom } from '../lib/token';
import { userAtom } from '../state/user';

const SESSION_MAX_MS = SESSION_MAX_DAYS_DEFAULT * 86_400_000;

/** The screen's markup as the next start may show it before the app runs. */
export function snapshotMarkup(shell: Element): string {
  const copy = shell.cloneNode(true) as Element;
  copy.setAttribute('data-menu-open', 'false');
  for (const transient of copy.querySelectorAll('.navigation-progress')) transient.remove();
  for (const field of copy.querySelectorAll('input:not([type="hidden"]), textarea')) {
    field.removeAttribute('value');
    field.textContent = '';
  }
  for (const submit of copy.querySelectorAll('form button:not([type="button"]), form input[type="submit"]')) {
    submit.setAttribute('disabled', '');
  }
  return copy.outerHTML;
}

/** The page's own stylesheets, by path, that the screen needs. */
function linkedStyles(): string[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .map((link) => new URL(link.href, window.location.href))
    .filter((url) => url.origin === window.location.origin && isSnapshotStyle(url.pathname))
    .map((url) => url.pathname);
}

const sameSession = (token: string, userId: string) =>
  appStore.get(tokenAtom) === token && appStore.get(userAtom)?._id === userId;

async function takeSnapshot(path: string): Promise<void> {
  const token = appStore.get(tokenAtom);
  const userId = appStore.get(userAtom)?._id;
  const shell = document.querySelector('#root .shell');
  if (token === null || userId === undefined || shell === null || window.location.pathname !== path) return;
  const snapshot = {
    userId,
    path,
    html: snapshotMarkup(shell),
    styles: linkedStyles(),
    expiresAt: Date.now() + SESSION_MAX_MS,
  };
  await saveStartSnapshot(snapshot);
  // A sign-out while it was being written has emptied the store already: it must not outlive it.
  if (!sameSession(token, userId)) await dropOtherUsersSnapshots(appStore.get(userAtom)?._id ?? '');
}

let pending: number | undefined;

/** Once the page is idle, so the snapshot holds the screen as the render left it. */
function scheduleSnapshot(path: string): void {
  window.clearTimeout(pending);
  pending = window.setTimeout(() => {
    takeSnapshot(path).catch((error: unknown) => console.error('Could not keep the start snapshot', error));
  }, 500);
}

/** After each render of a screen the worker may start with, a new snapshot of it. */
export function useStartSnapshot(): void {
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  useEffect(() => {
    if (user !== null && SNAPSHOT_PATHS.includes(pathname)) scheduleSnapshot(pathname);
  });
}
