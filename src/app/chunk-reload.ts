/**
 * After a deploy, an open tab asks for route chunks of the old build, which the server answers with
 * 404: reloading picks up the new build. Only once in a while, so a chunk that is missing for good
 * (or a device offline without it) ends on the error screen instead of a reload loop.
 */
const RELOADED_AT_KEY = 'chunk-reload-at';
/** A second failure within this long after the reload means reloading did not help. */
const RELOAD_GUARD_MS = 60_000;

/** The messages Chromium, Firefox and Safari give a dynamic import that could not load. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** Reloads the page unless it was reloaded for this reason moments ago; says whether it did. */
export function reloadOnceForNewBuild(reload = () => window.location.reload(), now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Without sessionStorage there is no loop guard: show the error screen rather than risk a loop.
    return false;
  }
  reload();
  return true;
}
