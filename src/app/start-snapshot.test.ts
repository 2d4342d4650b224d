import { beforeEach, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ answer: vi.fn<(path: string) => Promise<unknown>>() }));
vi.mock('../lib/api-client', () => ({ apiClient: (path: string) => config.answer(path) }));

const DAY_MS = 86_400_000;

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
