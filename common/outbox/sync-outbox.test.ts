import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearWorkerStore, saveWorkerSession } from '../worker-store';
import { putItem, queuedItems } from './outbox-db';
import { syncOutbox } from './sync-outbox';

const item = {
  key: 'key0123456789',
  userId: 'user-1',
  request: {
    path: '/api/users/sendNotification' as const,
    body: { receiverId: 'owner-1', title: 'Vehicle Notification', body: 'Please move' },
  },
  label: 'Notification about KL07AB1234',
  queuedAt: Date.now(),
};

afterEach(() => clearWorkerStore());

describe("the worker's outbox sync", () => {
  it('sends the queued requests of the stored session with its token', async () => {
    await saveWorkerSession({ userId: 'user-1', token: 'token-1' });
    await putItem(item);
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    await syncOutbox({ fetch });
    expect(fetch).toHaveBeenCalledWith(
      '/api/users/sendNotification',
      expect.objectContaining({
        headers: expect.objectContaining({ authorization: 'Bearer token-1', 'idempotency-key': item.key }),
      }),
    );
    expect(await queuedItems('user-1')).toEqual([]);
  });

  it('sends nothing without a session (after a logout)', async () => {
    await putItem(item);
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    await syncOutbox({ fetch });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects while requests are left, so the browser fires the sync again later', async () => {
    await saveWorkerSession({ userId: 'user-1', token: 'token-1' });
    await putItem(item);
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(syncOutbox({ fetch })).rejects.toThrow('outbox not sent');
    expect(await queuedItems('user-1')).toHaveLength(1);
  });
});
