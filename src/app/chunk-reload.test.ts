import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForNewBuild } from './chunk-reload';

/** A reload is not tried again within a minute of the last. */
const A_MINUTE_MS = 60_000;

describe('reloading for a new build', () => {
  afterEach(() => sessionStorage.clear());

  it('knows a dynamic import that failed to fetch', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads on the first chunk failure', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewBuild(reload, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload again right after a reload (no loop)', () => {
    const reload = vi.fn();
    reloadOnceForNewBuild(reload, 1_000_000);
    expect(reloadOnceForNewBuild(reload, 1_000_000 + A_MINUTE_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads again for a later deploy', () => {
    const reload = vi.fn();
    reloadOnceForNewBuild(reload, 1_000_000);
    expect(reloadOnceForNewBuild(reload, 1_000_000 + A_MINUTE_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
