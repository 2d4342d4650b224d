import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearWorkerStore } from '../worker-store';
import { flushOutbox } from './flush-outbox';
import type { OutboxItem } from './outbox';
import { putItem, queuedItems, takeOutcomes } from './outbox-db';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const session = { userId: 'user-1', token: 'token-1' };

function anItem(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    key: `key${Math.random().toString(36).slice(2)}`,
    userId: 'user-1',
    request: {
      path: '/api/users/sendMessage',
      body: { userId: 'owner-1', vehicleId: 'vehicle-1', message: 'Please move' },
    },
    label: 'Message about KL07AB1234',
    queuedAt: NOW - 60_000,
    ...overrides,
  };
}

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
    };
    sent.push(call);
    return answer(call);
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => clearWorkerStore());

describe('flushOutbox', () => {
  it('sends each queued request oldest first, with its key and the bearer token, and empties the outbox', async () => {
    const older = anItem({ queuedAt: NOW - 120_000 });
    const newer = anItem();
    await putItem(newer);
    await putItem(older);
    const { sent, fetch } = fakeFetch(() => json(201));
    expect(await flushOutbox({ session, fetch, now: () => NOW })).toBe('done');
    expect(sent.map((call) => call.headers['idempotency-key'])).toEqual([older.key, newer.key]);
    expect(sent[0]).toMatchObject({
      url: '/api/users/sendMessage',
      headers: { authorization: 'Bearer token-1' },
      body: older.request.body,
    });
    expect(await queuedItems('user-1')).toEqual([]);
    expect((await takeOutcomes('user-1')).map((outcome) => outcome.kind)).toEqual(['sent', 'sent']);
  });

  it('stops at the first request that gets no answer and keeps it and the rest', async () => {
    await putItem(anItem());
    const { fetch } = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await flushOutbox({ session, fetch, now: () => NOW })).toBe('offline');
    expect(await queuedItems('user-1')).toHaveLength(1);
  });

  it.each([408, 409, 429, 500, 503])('keeps a request answered %i for a later try', async (status) => {
    await putItem(anItem());
    const { fetch } = fakeFetch(() => json(status, { message: 'later' }));
    expect(await flushOutbox({ session, fetch, now: () => NOW })).toBe('retry-later');
    expect(await queuedItems('user-1')).toHaveLength(1);
  });

  it.each([400, 403, 404, 422])(
    'takes a request refused for good (%i) out, with the reason the server gave',
    async (status) => {
      const item = anItem();
      await putItem(item);
      const { fetch } = fakeFetch(() =>
        json(status, { message: 'This person does not accept messages from you.' }),
      );
      expect(await flushOutbox({ session, fetch, now: () => NOW })).toBe('done');
      expect(await queuedItems('user-1')).toEqual([]);
      expect(await takeOutcomes('user-1')).toEqual([
        expect.objectContaining({
          key: item.key,
          kind: 'refused',
          reason: 'This person does not accept messages from you.',
        }),
      ]);
    },
  );

  it('takes an answer out for good on 409: the request was answered already', async () => {
    const item = anItem({
      request: {
        path: '/api/users/replyToNotification',
        body: { notificationId: 'n-1', kind: 'coming_now' },
      },
    });
    await putItem(item);
    const { fetch } = fakeFetch(() => json(409, { message: 'This request was already answered.' }));
    expect(await flushOutbox({ session, fetch, now: () => NOW })).toBe('done');
    expect(await queuedItems('user-1')).toEqual([]);
    expect(await takeOutcomes('user-1')).toEqual([
      expect.objectContaining({ kind: 'refused', reason: 'This request was already answered.' }),
    ]);
  });

  it('stops on a 401 and keeps the request: the session, not the request, is at fault', async () => {
    await putItem(anItem());
    const { fetch } = fakeFetch(() => json(401));
    expect(await flushOutbox({ session, fetch, now: () => NOW })).toBe('signed-out');
    expect(await queuedItems('user-1')).toHaveLength(1);
  });

  it('drops a request older than 24 hours with a notice and does not send it', async () => {
    const stale = anItem({ queuedAt: NOW - 24 * 60 * 60_000 - 1 });
    await putItem(stale);
    const { sent, fetch } = fakeFetch(() => json(201));
    await flushOutbox({ session, fetch, now: () => NOW });
    expect(sent).toEqual([]);
    expect(await takeOutcomes('user-1')).toEqual([
      expect.objectContaining({ key: stale.key, kind: 'expired' }),
    ]);
  });

  it("never sends or shows another user's queued requests", async () => {
    await putItem(anItem({ userId: 'user-2' }));
    const { sent, fetch } = fakeFetch(() => json(201));
    await flushOutbox({ session, fetch, now: () => NOW });
    expect(sent).toEqual([]);
    expect(await queuedItems('user-1')).toEqual([]);
  });

  it('skips the requests the caller is sending itself', async () => {
    const item = anItem();
    await putItem(item);
    const { sent, fetch } = fakeFetch(() => json(201));
    await flushOutbox({ session, fetch, now: () => NOW, skip: (key) => key === item.key });
    expect(sent).toEqual([]);
  });
});
