/**
 * The page's half of the warm start: after each render of the signed-in dashboard it hands the
 * service worker a snapshot of the screen (common/start-snapshot.ts), which the worker serves inside
 * the shell on the next start (sw/start-snapshot.ts), as src/app/snapshot-markup.ts makes it.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import {
  dropOtherUsersSnapshots,
  isSnapshotStyle,
  saveStartSnapshot,
  SNAPSHOT_PATHS,
} from '#common/start-snapshot';
import type { RuntimeConfig } from '#common/api';
import { SESSION_MAX_DAYS_DEFAULT } from '#common/session-lifetime';
import { apiClient } from '../lib/api-client';
import { appStore, useAtomValue } from '../lib/store';
import { tokenAtom } from '../lib/token';
import { userAtom } from '../state/user';
import { snapshotMarkup } from './snapshot-markup';
import { DAY_MS } from '#common/durations';

let sessionMaxDays: Promise<number> | undefined;

/**
 * How long a session lasts at most on this server (`SESSION_MAX_DAYS`, from GET /api/config), asked
 * once a page; the default (90 days, the server's own) while it cannot be had, e.g. offline.
 */
export function sessionLifetimeMs(): Promise<number> {
  sessionMaxDays ??= apiClient<Partial<RuntimeConfig>>('/api/config').then(
    ({ sessionMaxDays: days }) =>
      typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : SESSION_MAX_DAYS_DEFAULT,
    () => {
      sessionMaxDays = undefined;
      return SESSION_MAX_DAYS_DEFAULT;
    },
  );
  return sessionMaxDays.then((days) => days * DAY_MS);
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
  const html = snapshotMarkup(shell);
  const styles = linkedStyles();
  const takenAt = Date.now();
  const lifetime = await sessionLifetimeMs();
  if (!sameSession(token, userId)) return;
  await saveStartSnapshot({ userId, path, html, styles, expiresAt: takenAt + lifetime });
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
