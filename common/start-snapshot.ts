/**
 * The warm start's snapshot: the markup of the signed-in dashboard as the page last rendered it,
 * which the service worker puts inside the shell's `#root` on the next start, so the first screen
 * paints before any script runs. It is personal data on the device: kept in the worker's store
 * (emptied at logout, on a 401 and when the account is deleted), one per user and route, only the
 * signed-in user's is kept, and none outlives the session's lifetime.
 */
import { del, delMany, entries, get, set } from 'idb-keyval';
import { workerStore } from './worker-store';

/**
 * The attribute of the early script index.html carries inline (scripts/signed-in-start.ts): where it
 * is, the worker's snapshot answer leaves the entry for it to run (sw/start-snapshot.ts).
 */
export const EARLY_SCRIPT_MARK = 'data-early-start';

/**
 * The dashboard index.html holds for a cold start's early paint, one `<template>` per language
 * (scripts/prerender-dashboard.ts): a page that shows something else in `#root` has no use for them.
 */
export const START_TEMPLATES = /\s*<template data-signed-in-start="\w+"[^>]*>[\s\S]*?<\/template>/g;

/** The routes whose first screen is snapshotted: the dashboard, at either of its addresses. */
export const SNAPSHOT_PATHS: readonly string[] = ['/', '/dashboard'];

export interface StartSnapshot {
  userId: string;
  /** The route's path, e.g. `/dashboard`. */
  path: string;
  /** The markup to put inside `#root`. */
  html: string;
  /** The stylesheets the markup needs beyond the shell's own (`/assets/….css`). */
  styles: string[];
  /** After this (ms since the epoch) the session it was taken in has ended for sure. */
  expiresAt: number;
}

const PREFIX = 'snapshot:';
const keyOf = (userId: string, path: string) => `${PREFIX}${userId}:${path}`;

/** Only the app's own built stylesheets are linked from a snapshot. */
export const isSnapshotStyle = (href: string): boolean => /^\/assets\/[\w.-]+\.css$/.test(href);

function isStartSnapshot(value: unknown): value is StartSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const found = value as Partial<StartSnapshot>;
  return (
    typeof found.userId === 'string' &&
    typeof found.path === 'string' &&
    typeof found.html === 'string' &&
    typeof found.expiresAt === 'number' &&
    Array.isArray(found.styles) &&
    found.styles.every((href) => typeof href === 'string' && isSnapshotStyle(href))
  );
}

/** Keeps `snapshot` as its user's snapshot of its route, and drops every other user's. */
export async function saveStartSnapshot(snapshot: StartSnapshot): Promise<void> {
  await dropOtherUsersSnapshots(snapshot.userId);
  await set(keyOf(snapshot.userId, snapshot.path), snapshot, workerStore());
}

/** The user's snapshot of `path`, unless it has expired (then it is removed). */
export async function readStartSnapshot(
  userId: string,
  path: string,
  now: number,
): Promise<StartSnapshot | null> {
  const key = keyOf(userId, path);
  const found = await get<unknown>(key, workerStore());
  if (!isStartSnapshot(found) || found.userId !== userId || found.path !== path) return null;
  if (now < found.expiresAt) return found;
  await del(key, workerStore());
  return null;
}

/** Removes the snapshots of every user but `userId`. */
export async function dropOtherUsersSnapshots(userId: string): Promise<void> {
  const all = await entries<IDBValidKey, unknown>(workerStore());
  const foreign = all
    .filter(
      ([key]) => typeof key === 'string' && key.startsWith(PREFIX) && !key.startsWith(keyOf(userId, '')),
    )
    .map(([key]) => key);
  await delMany(foreign, workerStore());
}
