import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../http';
import { clearWorkerStore } from '../worker-store';
import { newOutboxItem } from './outbox';
import * as outboxDb from './outbox-db';
import { OutboxStorageError, sendOrKeep } from './send-or-keep';

const storage = vi.hoisted(() => ({ failing: false }));

vi.mock('./outbox-db', async (importOriginal) => {
  const real = await importOriginal<typeof outboxDb>();
  return {
    ...real,
    putItem: (item: Parameters<typeof real.putItem>[0]) =>
      storage.failing
        ? Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'))
        : real.putItem(item),
  };
});

const message = () =>
  newOutboxItem(
    'user-1',
    {
      path: '/api/users/sendMessage',
      body: { userId: 'owner-1', vehicleId: 'vehicle-1', message: 'Please move' },
    },
    'Message about KL07AB1234',
    Date.parse('2026-11-22T10:00:00Z'),
  );

function clientAnswering(answer: () => Promise<Response>) {
  const fetch = vi.fn(answer);
  return { fetch, client: createClient({ token: () => 'token-1', fetch }) };
}

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const created = () =>
  Promise.resolve(
    new Response(JSON.stringify({ ok: true }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    }),
  );

afterEach(async () => {
  storage.failing = false;
  vi.restoreAllMocks();
  await clearWorkerStore();
});

describe('sendOrKeep', () => {
  it('reports an offline message whose write failed as not queued, and tries no send', async () => {
    storage.failing = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetch, client } = clientAnswering(noNetwork);
    const result = await sendOrKeep(message(), client, true);
    expect(result.kind).toBe('failed');
    expect(result.kind === 'failed' && result.error).toBeInstanceOf(OutboxStorageError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports a message that got no answer and could not be kept as not queued', async () => {
    storage.failing = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await sendOrKeep(message(), clientAnswering(noNetwork).client, false);
    expect(result.kind === 'failed' && result.error).toBeInstanceOf(OutboxStorageError);
  });

  it('sends a message the outbox could not keep when the network answers', async () => {
    storage.failing = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await sendOrKeep(message(), clientAnswering(created).client, false);
    expect(result).toEqual({ kind: 'sent', data: { ok: true } });
  });

  it('queues an offline message it could write, and keeps it', async () => {
    const item = message();
    const result = await sendOrKeep(item, clientAnswering(noNetwork).client, true);
    expect(result).toEqual({ kind: 'queued', key: item.key });
    expect(await outboxDb.isQueued(item.key)).toBe(true);
  });
});
