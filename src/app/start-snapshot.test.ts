import { beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshotMarkup } from './start-snapshot';

const config = vi.hoisted(() => ({ answer: vi.fn<(path: string) => Promise<unknown>>() }));
vi.mock('../lib/api-client', () => ({ apiClient: (path: string) => config.answer(path) }));

const DAY_MS = 86_400_000;

function shellOf(markup: string): Element {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder.firstElementChild!;
}

describe('snapshotMarkup', () => {
  it('keeps the screen as rendered, with the menu closed and the progress bar gone', () => {
    const shell = shellOf(
      '<div class="shell" data-menu-open="true"><div class="navigation-progress"></div><h1>Hello, Anu</h1></div>',
    );
    expect(snapshotMarkup(shell)).toBe('<div class="shell" data-menu-open="false"><h1>Hello, Anu</h1></div>');
  });

  it('carries no typed text', () => {
    const shell = shellOf(
      '<div class="shell"><input name="plate" value="KL07AB1234"><textarea>Please move</textarea></div>',
    );
    expect(snapshotMarkup(shell)).toBe(
      '<div class="shell" data-menu-open="false"><input name="plate"><textarea></textarea></div>',
    );
  });

  it('turns off the buttons that would submit a form natively, and only those', () => {
    const shell = shellOf(
      '<div class="shell"><button type="button">Menu</button><form><button>Find</button><button type="button">Scan</button></form></div>',
    );
    const copy = shellOf(snapshotMarkup(shell));
    const [menu, find, scan] = copy.querySelectorAll('button');
    expect([menu!.disabled, find!.disabled, scan!.disabled]).toEqual([false, true, false]);
  });

  it('leaves the screen on the page untouched', () => {
    const shell = shellOf(
      '<div class="shell" data-menu-open="true"><form><button>Find</button></form></div>',
    );
    snapshotMarkup(shell);
    expect(shell.getAttribute('data-menu-open')).toBe('true');
    expect(shell.querySelector('button')!.disabled).toBe(false);
  });
});

describe('sessionLifetimeMs', () => {
  // The lifetime is asked once a page: each test takes a fresh copy of the module.
  const fresh = async () => {
    vi.resetModules();
    return (await import('./start-snapshot')).sessionLifetimeMs;
  };
  beforeEach(() => config.answer.mockReset());

  it("follows the server's SESSION_MAX_DAYS, from GET /api/config, asked once", async () => {
    config.answer.mockResolvedValue({ sessionMaxDays: 30 });
    const sessionLifetimeMs = await fresh();
    expect(await sessionLifetimeMs()).toBe(30 * DAY_MS);
    expect(await sessionLifetimeMs()).toBe(30 * DAY_MS);
    expect(config.answer).toHaveBeenCalledTimes(1);
    expect(config.answer).toHaveBeenCalledWith('/api/config');
  });

  it('is the default, 90 days, from a server that does not say', async () => {
    config.answer.mockResolvedValue({ activeUsers: 3 });
    expect(await (await fresh())()).toBe(90 * DAY_MS);
  });

  it('is the default while the server cannot be reached, and asks again next time', async () => {
    config.answer.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue({ sessionMaxDays: 7 });
    const sessionLifetimeMs = await fresh();
    expect(await sessionLifetimeMs()).toBe(90 * DAY_MS);
    expect(await sessionLifetimeMs()).toBe(7 * DAY_MS);
  });
});
